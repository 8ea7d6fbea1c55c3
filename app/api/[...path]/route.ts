import { notFound } from "@/lib/core/errors";
import { route } from "@/lib/http";

// Any /api path no other route matches: problem+json 404 instead of Next's HTML page.
const unknownPath = route(async () => {
  throw notFound("API endpoint");
});

export const GET = unknownPath;
export const POST = unknownPath;
export const PUT = unknownPath;
export const PATCH = unknownPath;
export const DELETE = unknownPath;
