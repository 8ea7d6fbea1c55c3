import { copyListingImages } from "@/lib/assets/hosted/listing-copies";
import { submitApp } from "@/lib/apps/service";
import { developerAppView } from "@/lib/apps/views";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { APPS } from "@/lib/apps/operations";

// POST /api/dev/apps/:id/submit — check the images, then DRAFT/REJECTED → PENDING for review.
export const { POST } = handle(APPS.submit, async ({ access, params }) =>
  json(developerAppView(await submitApp({ access, appId: params.id, copyAssets: copyListingImages() }))),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
