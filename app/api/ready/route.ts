import { checkReadiness } from "@/db/readiness";
import { ApiError } from "@/lib/core/errors";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { SERVICE } from "@/lib/openapi/operations";

// GET /api/ready — the database is reachable and every migration is applied; 503 otherwise.
export const { GET } = handle(SERVICE.ready, async () => {
  const readiness = await checkReadiness();
  if (!readiness.ready) throw new ApiError("service_unavailable", `not ready: ${readiness.reason}`);
  return json({ status: "ready", migrations: readiness.migrations });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
