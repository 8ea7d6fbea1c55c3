import { appFunnel } from "@/lib/analytics/service";
import { ANALYTICS } from "@/lib/analytics/operations";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";

// GET /api/dev/apps/:id/analytics/funnel — impressions → page views → installs, by source.
export const { GET } = handle(ANALYTICS.funnel, async ({ access, params, query }) =>
  json(await appFunnel({ access, appId: params.id, query })),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
