import { deleteApp, getDeveloperApp, updateApp } from "@/lib/apps/service";
import { developerAppView } from "@/lib/apps/views";
import { json, noContent, otherMethods } from "@/lib/http";
import { handle, type HandlerContext } from "@/lib/http/handle";
import { APPS } from "@/lib/apps/operations";

// GET /api/dev/apps/:id — one of the caller's listings.
export const { GET } = handle(APPS.get, async ({ access, params }) =>
  json(developerAppView(await getDeveloperApp({ access, appId: params.id }))),
);

// PUT /api/dev/apps/:id — partial update of a DRAFT or REJECTED listing; PATCH is its alias.
const update = async ({ access, params, body: input }: HandlerContext<typeof APPS.update>) =>
  json(developerAppView(await updateApp({ access, appId: params.id, input })));
export const { PUT } = handle(APPS.update, update);
export const { PATCH } = handle(APPS.patch, update);

// DELETE /api/dev/apps/:id — delete a listing that is not approved.
export const { DELETE } = handle(APPS.delete, async ({ access, params }) => {
  await deleteApp({ access, appId: params.id });
  return noContent();
});

export const { POST } = otherMethods(["GET", "PUT", "PATCH", "DELETE"]);
