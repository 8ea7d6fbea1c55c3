import { describe, expect, it } from "vitest";

import { listAppsQuery } from "@/lib/catalogue/schemas";

import { pageQuery } from "./search-params";

const parse = (raw: Record<string, string | string[] | undefined>) => pageQuery(Promise.resolve(raw), listAppsQuery);

describe("pageQuery", () => {
  it("reads a page's query string with the API's schema", async () => {
    expect(await parse({ search: "slack", category: "finance", page: "3", limit: "10" })).toMatchObject({
      search: "slack",
      category: "FINANCE",
      page: 3,
      limit: 10,
    });
  });

  it("drops only the parameters the API would refuse: a search past its result window shows its first page, still searching", async () => {
    expect(await parse({ search: "slack", page: "51" })).toMatchObject({ search: "slack", page: 1, limit: 20 });
    expect(await parse({ category: "FINANCE", page: "abc", sort: "bogus" })).toMatchObject({ category: "FINANCE", page: 1 });
  });

  it("ignores empty, repeated and NUL-carrying values", async () => {
    expect(await parse({ search: "", category: ["FINANCE", "OTHER"], environment: "prod\u0000uction" })).toEqual(listAppsQuery.parse({}));
  });
});
