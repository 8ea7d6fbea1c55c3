import { beforeAll, describe, expect, it } from "vitest";

import { APP_CATEGORIES, CATEGORY_LABELS } from "@/lib/core/enums";
import { call } from "@/test/support/http";
import { insertShowcase } from "@/test/support/showcase";

import * as categories from "./route";

beforeAll(async () => {
  await insertShowcase();
});

describe("GET /api/apps/categories/list", () => {
  it("gives all ten categories in the specification's order with public counts, zeros included", async () => {
    const res = await call(categories.GET, { path: "/api/apps/categories/list" });
    expect(res.status).toBe(200);
    const counts: Record<string, number> = { COMMUNICATION: 1, PRODUCTIVITY: 11, FINANCE: 2 };
    expect(res.body).toEqual({
      data: APP_CATEGORIES.map((category) => ({ category, label: CATEGORY_LABELS[category], count: counts[category] ?? 0 })),
    });
  });
});
