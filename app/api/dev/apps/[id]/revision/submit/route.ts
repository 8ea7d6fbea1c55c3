import { copyListingImages } from "@/lib/assets/hosted/listing-copies";
import { submitRevision } from "@/lib/apps/revisions";
import { revisionView } from "@/lib/apps/views";
import { withDeveloper } from "@/lib/http/with-developer";
import { json, otherMethods } from "@/lib/http";

// POST /api/dev/apps/:id/revision/submit — check the images, then DRAFT/REJECTED → PENDING for review.
export const POST = withDeveloper<{ id: string }>({ scope: "APP_UPDATE" }, async ({ developer, params, limit }) => {
  // Each submit fetches every image of the update, like a first submission.
  await limit("submit", developer.id);
  return json(revisionView(await submitRevision({ developer, appId: params.id, copyAssets: copyListingImages() })));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
