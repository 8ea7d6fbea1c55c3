import { copyListingImages } from "@/lib/assets/hosted/listing-copies";
import { submitRevision } from "@/lib/apps/revisions";
import { revisionView } from "@/lib/apps/views";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { APP_UPDATES } from "@/lib/apps/operations";

// POST /api/dev/apps/:id/revision/submit — check the images, then DRAFT/REJECTED → PENDING for review.
export const { POST } = handle(APP_UPDATES.submit, async ({ access, params }) =>
  json(revisionView(await submitRevision({ access, appId: params.id, copyAssets: copyListingImages() }))),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
