import { json, otherMethods, route } from "@/lib/http";

// GET /api/health — the process is up (no dependencies checked).
export const GET = route(async () => json({ status: "ok" }));

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
