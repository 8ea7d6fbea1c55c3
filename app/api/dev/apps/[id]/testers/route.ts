import { addTester, listTesters } from "@/lib/apps/testers";
import { testerView } from "@/lib/apps/views";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { APPS } from "@/lib/apps/operations";

// GET /api/dev/apps/:id/testers — the listing's testers, with each one's latest install.
export const { GET } = handle(APPS.testers, async ({ access, params }) =>
  json({ data: (await listTesters({ access, appId: params.id })).map(testerView) }),
);

// POST /api/dev/apps/:id/testers — add a Yapture workspace or an email as a tester (at most 100).
export const { POST } = handle(APPS.addTester, async ({ access, params, body }) =>
  json(testerView(await addTester({ access, appId: params.id, input: body })), { status: 201 }),
);

export const { PUT, PATCH, DELETE } = otherMethods(["GET", "POST"]);
