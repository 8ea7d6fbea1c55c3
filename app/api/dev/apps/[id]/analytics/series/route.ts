import { appSeries } from "@/lib/analytics/service";
import { ANALYTICS } from "@/lib/analytics/operations";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";

// GET /api/dev/apps/:id/analytics/series — the app's figures per day, week or month, by source if asked.
export const { GET } = handle(ANALYTICS.series, async ({ access, params, query }) =>
  json(await appSeries({ access, appId: params.id, query })),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
