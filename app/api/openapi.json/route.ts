import { env } from "@/lib/core/env";
import { otherMethods } from "@/lib/http";
import { PUBLIC_CACHE, cachedJson } from "@/lib/http/caching";
import { openApiDocument } from "@/lib/openapi/document";
import { handle } from "@/lib/http/handle";
import { SERVICE } from "@/lib/openapi/operations";

// GET /api/openapi.json — the OpenAPI 3.1 document of this API.
export const { GET } = handle(SERVICE.openapi, async ({ request }) =>
  cachedJson(request, openApiDocument(env().APP_URL), PUBLIC_CACHE.openapi),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
