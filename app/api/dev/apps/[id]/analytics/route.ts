import { getAppAnalytics } from "@/lib/apps/analytics";
import { analyticsView } from "@/lib/apps/views";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { APPS } from "@/lib/apps/operations";

// GET /api/dev/apps/:id/analytics — counters and installs per day for the last 30 days.
export const { GET } = handle(APPS.analytics, async ({ access, params }) =>
  json(analyticsView(await getAppAnalytics({ access, appId: params.id }))),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
