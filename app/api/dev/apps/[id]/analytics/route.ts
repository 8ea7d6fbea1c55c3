import { getAppAnalytics } from "@/lib/apps/analytics";
import { analyticsView } from "@/lib/apps/views";
import { withDeveloper } from "@/lib/http/with-developer";
import { json, otherMethods } from "@/lib/http";

// GET /api/dev/apps/:id/analytics — counters and installs per day for the last 30 days.
export const GET = withDeveloper<{ id: string }>({ scope: "ANALYTICS_READ" }, async ({ developer, params }) =>
  json(analyticsView(await getAppAnalytics({ developerId: developer.id, appId: params.id }))),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
