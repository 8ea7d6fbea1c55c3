import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { Pager } from "@/components/ui/pager";
import { listAppsQuery } from "@/lib/catalogue/schemas";

import { browseHref, browseParams } from "./browse-links";

const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replaceAll("&amp;", "&"));

describe("the browse page's links", () => {
  it("keep the reader's limit in the pager's previous and next pages", () => {
    const query = listAppsQuery.parse({ limit: "50", page: "2", sort: "name" });
    const html = renderToStaticMarkup(<Pager basePath="/apps" params={browseParams(query)} of={{ page: 2, totalPages: 3 }} />);
    expect(hrefs(html)).toEqual(["/apps?sort=name&limit=50&page=1", "/apps?sort=name&limit=50&page=3"]);
  });

  it("keep it in the other links too (categories, did you mean), and leave the default out", () => {
    const query = listAppsQuery.parse({ search: "slak", limit: "7" });
    expect(browseHref({ ...browseParams(query), search: "slack" }, 1)).toBe("/apps?search=slack&limit=7");
    expect(browseParams(listAppsQuery.parse({})).limit).toBeUndefined();
  });
});
