import { listPublicCategories } from "@/lib/catalogue/categories";
import { PUBLIC_CACHE, cachedJson } from "@/lib/http/caching";
import { otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { CATALOGUE } from "@/lib/catalogue/operations";

// GET /api/apps/categories/list — the ten categories in the specification's order, with public app counts.
export const { GET } = handle(CATALOGUE.categories, async ({ request }) =>
  cachedJson(request, { data: await listPublicCategories() }, PUBLIC_CACHE.categories),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
