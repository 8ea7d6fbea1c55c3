import { appSeriesCsv } from "@/lib/analytics/service";
import { ANALYTICS } from "@/lib/analytics/operations";
import { csvFile, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";

// GET /api/dev/apps/:id/analytics/export — the series as a CSV file.
export const { GET } = handle(ANALYTICS.exportApp, async ({ access, params, query }) =>
  csvFile(await appSeriesCsv({ access, appId: params.id, query })),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
