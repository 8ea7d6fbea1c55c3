import { createApp, listDeveloperApps } from "@/lib/apps/service";
import { developerAppView } from "@/lib/apps/views";
import { json, otherMethods, paged } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { APPS } from "@/lib/apps/operations";

// GET /api/dev/apps — the caller's listings, newest first, paged.
export const { GET } = handle(APPS.list, async ({ access, query: paging }) =>
  json(paged(await listDeveloperApps({ access, paging }), developerAppView)),
);

// POST /api/dev/apps — create a listing in DRAFT.
export const { POST } = handle(APPS.create, async ({ access, body: input }) =>
  json(developerAppView(await createApp({ access, input })), { status: 201 }),
);

export const { PUT, PATCH, DELETE } = otherMethods(["GET", "POST"]);
