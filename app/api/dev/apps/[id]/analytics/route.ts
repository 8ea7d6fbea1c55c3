import { getAppAnalytics } from "@/lib/apps/analytics";
import { withDeveloper } from "@/lib/auth/with-developer";
import { json, otherMethods } from "@/lib/http";

// GET /api/dev/apps/:id/analytics — counters and installs per day for the last 30 days.
export const GET = withDeveloper<{ id: string }>({ scope: "ANALYTICS_READ", requireVerified: true }, async ({ developer, params }) =>
  json(await getAppAnalytics({ developerId: developer.id, appId: params.id }), { headers: { "cache-control": "private, no-cache" } }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
