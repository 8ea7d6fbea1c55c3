import { copyListingImages } from "@/lib/assets/hosted/listing-copies";
import { submitApp } from "@/lib/apps/service";
import { developerAppView } from "@/lib/apps/views";
import { withDeveloper } from "@/lib/http/with-developer";
import { json, otherMethods } from "@/lib/http";

// POST /api/dev/apps/:id/submit — check the images, then DRAFT/REJECTED → PENDING for review.
export const POST = withDeveloper<{ id: string }>({ scope: "APP_UPDATE" }, async ({ developer, params, limit }) => {
  // Each submit fetches every image of the listing.
  await limit("submit", developer.id);
  return json(developerAppView(await submitApp({ developerId: developer.id, appId: params.id, copyAssets: copyListingImages() })));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
