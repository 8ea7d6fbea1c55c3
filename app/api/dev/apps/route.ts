import { createApp, listDeveloperApps } from "@/lib/apps/service";
import { developerAppView } from "@/lib/apps/views";
import { withDeveloper } from "@/lib/http/with-developer";
import { json, otherMethods, paged, parseQuery, readBody } from "@/lib/http";
import { APP_READ_ONLY_FIELDS, createAppBody, listMyAppsQuery } from "@/lib/validation/apps";

// `environment` is accepted on create; every other server-owned field is read-only.
const CREATE_READ_ONLY = APP_READ_ONLY_FIELDS.filter((field) => field !== "environment");

// GET /api/dev/apps — the caller's listings, newest first, paged.
export const GET = withDeveloper({ scope: "APP_READ" }, async ({ developer, request }) => {
  const paging = parseQuery(request, listMyAppsQuery);
  return json(paged(await listDeveloperApps({ developerId: developer.id, paging }), developerAppView));
});

// POST /api/dev/apps — create a listing in DRAFT.
export const POST = withDeveloper({ scope: "APP_CREATE" }, async ({ developer, request }) => {
  const input = await readBody(request, createAppBody, { readOnlyFields: CREATE_READ_ONLY });
  return json(developerAppView(await createApp({ developerId: developer.id, input })), { status: 201 });
});

export const { PUT, PATCH, DELETE } = otherMethods(["GET", "POST"]);
