import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { SERVICE } from "@/lib/openapi/operations";

// GET /api/health — the process is up (no dependencies checked).
export const { GET } = handle(SERVICE.health, async () => json({ status: "ok" }));

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
