import { appSearchTerms } from "@/lib/analytics/service";
import { ANALYTICS } from "@/lib/analytics/operations";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";

// GET /api/dev/apps/:id/analytics/search-terms — the searches that led to the app (terms of 5 clients or more).
export const { GET } = handle(ANALYTICS.searchTerms, async ({ access, params, query }) =>
  json(await appSearchTerms({ access, appId: params.id, query })),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
