import { developerAppView } from "@/lib/apps/developer-view";
import { createApp, listDeveloperApps } from "@/lib/apps/service";
import { withDeveloper } from "@/lib/auth/with-developer";
import { json, otherMethods, paged, parseQuery, readBody } from "@/lib/http";
import { APP_READ_ONLY_FIELDS, createAppBody, listMyAppsQuery } from "@/lib/validation/apps";

// `environment` is accepted on create; every other server-owned field is read-only.
const CREATE_READ_ONLY = APP_READ_ONLY_FIELDS.filter((field) => field !== "environment");

// GET /api/dev/apps — the caller's listings, newest first, paged.
export const GET = withDeveloper({ scope: "APP_READ", requireVerified: true }, async ({ developer, request }) => {
  const paging = parseQuery(request, listMyAppsQuery);
  const { items, total } = await listDeveloperApps({ developerId: developer.id, paging });
  return json(paged(items.map(({ app, screenshots }) => developerAppView(app, screenshots)), paging, total));
});

// POST /api/dev/apps — create a listing in DRAFT.
export const POST = withDeveloper({ scope: "APP_CREATE", requireVerified: true }, async ({ developer, request }) => {
  const input = await readBody(request, createAppBody, { readOnlyFields: CREATE_READ_ONLY });
  const { app, screenshots } = await createApp({ developerId: developer.id, input });
  return json(developerAppView(app, screenshots), { status: 201 });
});

export const { PUT, PATCH, DELETE } = otherMethods(["GET", "POST"]);
