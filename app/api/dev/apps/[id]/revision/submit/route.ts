import { copyListingImages } from "@/lib/assets/hosted/listing-copies";
import { submitRevision } from "@/lib/apps/revisions";
import { revisionView } from "@/lib/apps/views";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { APP_UPDATES } from "@/lib/apps/operations";

// POST /api/dev/apps/:id/revision/submit — {staged?}: check the images, then DRAFT/REJECTED → PENDING for review.
export const { POST } = handle(APP_UPDATES.submit, async ({ access, params, body }) =>
  json(revisionView(await submitRevision({ access, appId: params.id, copyAssets: copyListingImages(), staged: body.staged }))),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
