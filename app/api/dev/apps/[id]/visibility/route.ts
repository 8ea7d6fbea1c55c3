import { setAppVisibility } from "@/lib/apps/service";
import { developerAppView } from "@/lib/apps/views";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { APPS } from "@/lib/apps/operations";

// PUT /api/dev/apps/:id/visibility — PRIVATE, UNLISTED or PUBLIC; widening past what was reviewed goes back to review.
export const { PUT } = handle(APPS.visibility, async ({ access, params, body }) =>
  json(developerAppView(await setAppVisibility({ access, appId: params.id, visibility: body.visibility }))),
);

export const { GET, POST, PATCH, DELETE } = otherMethods(["PUT"]);
