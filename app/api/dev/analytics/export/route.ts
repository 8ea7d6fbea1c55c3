import { publisherSeriesCsv } from "@/lib/analytics/service";
import { ANALYTICS } from "@/lib/analytics/operations";
import { csvFile, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";

// GET /api/dev/analytics/export — the series of every app the caller reaches, as one CSV file.
export const { GET } = handle(ANALYTICS.exportPublisher, async ({ access, query }) => csvFile(await publisherSeriesCsv({ access, query })));

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
