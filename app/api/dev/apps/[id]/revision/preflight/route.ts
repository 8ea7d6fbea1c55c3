import { copyListingImages } from "@/lib/assets/hosted/listing-copies";
import { APP_UPDATES } from "@/lib/apps/operations";
import { preflightRevision } from "@/lib/apps/preflight";
import { preflightView } from "@/lib/apps/views";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";

// POST /api/dev/apps/:id/revision/preflight — every check of the update's submit, without submitting.
export const { POST } = handle(APP_UPDATES.preflight, async ({ access, params }) =>
  json(preflightView(await preflightRevision({ access, appId: params.id, copyAssets: copyListingImages() }))),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
