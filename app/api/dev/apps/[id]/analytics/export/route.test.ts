import { describe, expect, it } from "vitest";

import * as publisherExport from "@/app/api/dev/analytics/export/route";
import { getDb } from "@/db/client";
import { appDailyStats } from "@/db/schema";
import { insertApp } from "@/test/support/apps";
import { createTestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";

import * as appExport from "./route";

/** An RFC 4180 reader: records end with CRLF, quoted fields may hold commas, quotes (doubled) and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  const endField = () => {
    record.push(field);
    field = "";
  };
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    const next = text[index + 1];
    if (quoted) {
      if (char === '"' && next === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") endField();
    else if (char === "\r" && next === "\n") {
      endField();
      records.push(record);
      record = [];
      index++;
    } else if (char === "\n" || char === "\r") throw new Error(`bare line break at ${index}`);
    else field += char;
  }
  expect(field).toBe("");
  return records;
}

describe("GET /api/dev/apps/:id/analytics/export", () => {
  it("is an RFC 4180 file with a header row, one record per period, and a row per source when grouped", async () => {
    const dev = await createTestDeveloper();
    const app = await insertApp(dev.developer);
    await (await getDb()).insert(appDailyStats).values({ appId: app.id, day: "2026-03-02", source: "search", impressions: 9, installs: 1 });
    const res = await call(appExport.GET, {
      path: `/api/dev/apps/${app.id}/analytics/export?from=2026-03-01&to=2026-03-03&metrics=impressions,installs,averageRating`,
      params: { id: app.id },
      headers: dev.token,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8; header=present");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${app.slug}-analytics-2026-03-01-2026-03-03.csv"`);
    expect(res.text.endsWith("\r\n")).toBe(true);
    expect(parseCsv(res.text)).toEqual([
      ["start", "end", "impressions", "installs", "averageRating"],
      ["2026-03-01", "2026-03-01", "0", "0", ""],
      ["2026-03-02", "2026-03-02", "9", "1", ""],
      ["2026-03-03", "2026-03-03", "0", "0", ""],
    ]);

    const grouped = await call(appExport.GET, {
      path: `/api/dev/apps/${app.id}/analytics/export?from=2026-03-02&to=2026-03-02&metrics=installs,reviews&groupBy=source`,
      params: { id: app.id },
      headers: dev.token,
    });
    const records = parseCsv(grouped.text);
    expect(records[0]).toEqual(["start", "end", "source", "installs", "reviews"]);
    expect(records).toContainEqual(["2026-03-02", "2026-03-02", "all", "1", "0"]);
    expect(records).toContainEqual(["2026-03-02", "2026-03-02", "search", "1", ""]);
    expect(records).toHaveLength(1 + 1 + 9);
  });

  it("refuses what the series refuses, naming the parameter", async () => {
    const dev = await createTestDeveloper();
    const app = await insertApp(dev.developer);
    const res = await call(appExport.GET, {
      path: `/api/dev/apps/${app.id}/analytics/export?metrics=clicks`,
      params: { id: app.id },
      headers: dev.token,
    });
    expect([res.status, res.body.code, res.body.errors[0].path]).toEqual([400, "validation_failed", "metrics"]);
  });
});

describe("GET /api/dev/analytics/export", () => {
  it("writes every app the caller reaches, names its apps, and neutralises what a spreadsheet would run as a formula", async () => {
    const dev = await createTestDeveloper();
    const names = ['=HYPERLINK("http://evil.example","Click")', "+1 Tasks", '-Minus, Quoted "app"', "@SUM(A1)", "Plain"];
    for (const name of names) await insertApp(dev.developer, { name });
    const other = await createTestDeveloper();
    await insertApp(other.developer, { name: "Not Mine" });
    const res = await call(publisherExport.GET, {
      path: "/api/dev/analytics/export?from=2026-03-01&to=2026-03-01&metrics=installs",
      headers: dev.token,
    });
    expect(res.status).toBe(200);
    const records = parseCsv(res.text);
    expect(records[0]).toEqual(["app", "appName", "start", "end", "installs"]);
    const shownNames = records.slice(1).map((record) => record[1]);
    expect(shownNames.sort()).toEqual([
      "'+1 Tasks",
      '\'-Minus, Quoted "app"',
      '\'=HYPERLINK("http://evil.example","Click")',
      "'@SUM(A1)",
      "Plain",
    ]);
    expect(res.text).not.toContain("Not Mine");
  });

  it("refuses an export of more than 100,000 rows, naming from", async () => {
    const dev = await createTestDeveloper();
    const { insertApps } = await import("@/test/support/apps");
    await insertApps(
      dev.developer,
      Array.from({ length: 30 }, () => ({})),
    );
    const res = await call(publisherExport.GET, {
      path: "/api/dev/analytics/export?from=2025-01-01&to=2026-01-01&groupBy=source",
      headers: dev.token,
    });
    expect([res.status, res.body.code, res.body.errors[0].path]).toEqual([400, "validation_failed", "from"]);
  });
});
