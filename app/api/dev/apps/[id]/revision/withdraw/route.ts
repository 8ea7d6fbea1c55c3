import { withdrawRevision } from "@/lib/apps/revisions";
import { revisionView } from "@/lib/apps/views";
import { withDeveloper } from "@/lib/http/with-developer";
import { json, otherMethods } from "@/lib/http";

// POST /api/dev/apps/:id/revision/withdraw — PENDING → DRAFT: take the update back out of the review queue.
export const POST = withDeveloper<{ id: string }>({ scope: "APP_UPDATE" }, async ({ developer, params }) =>
  json(revisionView(await withdrawRevision({ developer, appId: params.id }))),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
