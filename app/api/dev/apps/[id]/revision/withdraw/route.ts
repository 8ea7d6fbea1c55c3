import { withdrawRevision } from "@/lib/apps/revisions";
import { revisionView } from "@/lib/apps/views";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { APP_UPDATES } from "@/lib/apps/operations";

// POST /api/dev/apps/:id/revision/withdraw — PENDING → DRAFT: take the update back out of the review queue.
export const { POST } = handle(APP_UPDATES.withdraw, async ({ access, params }) =>
  json(revisionView(await withdrawRevision({ access, appId: params.id }))),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
