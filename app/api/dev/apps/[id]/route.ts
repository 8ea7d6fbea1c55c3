import { deleteApp, getDeveloperApp, updateApp } from "@/lib/apps/service";
import { developerAppView } from "@/lib/apps/views";
import { withDeveloper } from "@/lib/http/with-developer";
import { json, noContent, otherMethods, readBody } from "@/lib/http";
import { APP_READ_ONLY_FIELDS, updateAppBody } from "@/lib/validation/apps";

type Params = { id: string };

// GET /api/dev/apps/:id — one of the caller's listings.
export const GET = withDeveloper<Params>({ scope: "APP_READ" }, async ({ developer, params }) => {
  return json(developerAppView(await getDeveloperApp({ developerId: developer.id, appId: params.id })));
});

// PUT /api/dev/apps/:id — partial update of a DRAFT or REJECTED listing.
export const PUT = withDeveloper<Params>({ scope: "APP_UPDATE" }, async ({ developer, params, request }) => {
  const input = await readBody(request, updateAppBody, { readOnlyFields: APP_READ_ONLY_FIELDS });
  return json(developerAppView(await updateApp({ developerId: developer.id, appId: params.id, input })));
});

// PATCH /api/dev/apps/:id — alias of PUT.
export const PATCH = PUT;

// DELETE /api/dev/apps/:id — delete a listing that is not approved.
export const DELETE = withDeveloper<Params>({ scope: "APP_DELETE" }, async ({ developer, params }) => {
  await deleteApp({ developerId: developer.id, appId: params.id });
  return noContent();
});

export const { POST } = otherMethods(["GET", "PUT", "PATCH", "DELETE"]);
