import { beforeAll, describe, expect, it } from "vitest";

import type { App } from "@/db/schema";
import { call } from "@/test/support/http";
import { insertShowcase } from "@/test/support/showcase";

import * as featured from "./route";

const getFeatured = (query = "") => call(featured.GET, { path: `/api/apps/featured/list?${query}` });

let topFeatured: App[];

beforeAll(async () => {
  ({ topFeatured } = await insertShowcase());
});

describe("GET /api/apps/featured/list", () => {
  it("gives the ten most installed featured public apps by default, as { data }", async () => {
    const res = await getFeatured();
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["data"]);
    const expected = [...topFeatured].sort((a, b) => b.installCount - a.installCount).slice(0, 10);
    expect(res.body.data.map((each: { slug: string }) => each.slug)).toEqual(expected.map((each) => each.slug));
    expect(res.body.data.every((each: { featured: boolean }) => each.featured)).toBe(true);
  });

  it("gives all twelve up to limit=50, never a hidden one", async () => {
    const res = await getFeatured("limit=50");
    expect(res.body.data).toHaveLength(12);
    expect(res.body.data.at(-1).slug).toBe("slack-sync");
    expect(res.body.data.every((each: { installCount: number }) => each.installCount < 5000)).toBe(true);
  });

  it.each([
    ["environment=staging", 4],
    ["environment=STAGING&limit=2", 2],
    ["environment=localhost", 0],
    ["limit=1", 1],
  ])("filters %s", async (query, count) => {
    const res = await getFeatured(query);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(count);
    if (query.includes("staging"))
      expect(res.body.data.every((each: { environment: string }) => each.environment === "staging")).toBe(true);
  });

  it.each([
    ["limit=0", "limit"],
    ["limit=51", "limit"],
    ["limit=abc", "limit"],
    ["limit=1.5", "limit"],
    ["environment=prod", "environment"],
  ])("refuses %s naming %s", async (query, path) => {
    const res = await getFeatured(query);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.errors[0].path).toBe(path);
  });
});
