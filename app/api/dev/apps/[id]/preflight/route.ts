import { copyListingImages } from "@/lib/assets/hosted/listing-copies";
import { APPS } from "@/lib/apps/operations";
import { preflightApp } from "@/lib/apps/preflight";
import { preflightView } from "@/lib/apps/views";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";

// POST /api/dev/apps/:id/preflight — every check of a submit, without submitting.
export const { POST } = handle(APPS.preflight, async ({ access, params }) =>
  json(preflightView(await preflightApp({ access, appId: params.id, copyAssets: copyListingImages() }))),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
