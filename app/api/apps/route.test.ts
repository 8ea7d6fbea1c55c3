import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";

import { getDb, queryRows } from "@/db/client";
import { closestPublicName } from "@/lib/catalogue/closest-name";
import { call } from "@/test/support/http";
import { insertApp } from "@/test/support/apps";
import { insertDeveloper, setDeveloperStatus } from "@/test/support/developers";
import { listAppsQuery } from "@/lib/catalogue/schemas";

import * as list from "./route";

const get = (query = "") => call(list.GET, { path: `/api/apps${query ? `?${query}` : ""}` });
const names = (body: { data: { name: string }[] }) => body.data.map((app) => app.name);

// One small catalogue, written once; every test only reads it.
const catalogue = [
  {
    name: "Slack Sync",
    category: "COMMUNICATION",
    environment: "production",
    featured: true,
    installCount: 50,
    description: "Mirror channels into tasks.",
  },
  {
    name: "Slack Tasks and Calendar Sync",
    category: "COMMUNICATION",
    environment: "staging",
    featured: false,
    installCount: 40,
    description: "Threads.",
  },
  {
    name: "Channel Mirror",
    category: "COMMUNICATION",
    environment: "production",
    featured: false,
    installCount: 30,
    description: "Slack sync for channels. Slack sync for threads. Slack sync for teams.",
    longDescription: "Keeps Slack sync running. Slack sync twice.",
  },
  {
    name: "Meeting Notes",
    category: "PRODUCTIVITY",
    environment: "production",
    featured: true,
    installCount: 20,
    description: "Turn notes into tasks.",
    longDescription: "Works with your kanban board and daily standup.",
  },
  {
    name: "Standup Bot",
    category: "PRODUCTIVITY",
    environment: "staging",
    featured: false,
    installCount: 10,
    description: "Asynchronous daily check-ins.",
  },
  {
    name: "Budget Planner",
    category: "FINANCE",
    environment: "localhost",
    featured: true,
    installCount: 5,
    description: "Budgets per team.",
  },
  {
    name: "Project Planning Board",
    category: "PRODUCTIVITY",
    environment: "production",
    featured: false,
    installCount: 0,
    description: "Boards for roadmaps.",
  },
] as const;

beforeAll(async () => {
  const developer = await insertDeveloper();
  for (const values of catalogue) await insertApp(developer, values);
  // Never listed: a draft and a rejected app, and an approved app of a suspended developer, all about Slack.
  await insertApp(developer, { name: "Slack Draft", status: "DRAFT", category: "COMMUNICATION", featured: true });
  await insertApp(developer, { name: "Slack Rejected", status: "REJECTED", category: "COMMUNICATION" });
  const suspended = await insertDeveloper();
  await insertApp(suspended, { name: "Slack Suspended", category: "COMMUNICATION", featured: true, installCount: 999 });
  await setDeveloperStatus(suspended.id, "SUSPENDED");
});

describe("GET /api/apps filters", () => {
  it("lists every public app, most installed first, in the paged envelope", async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(names(res.body)).toEqual(catalogue.map((app) => app.name));
    expect(res.body.pagination).toEqual({ page: 1, limit: 20, total: 7, totalPages: 1, totalIsExact: true });
  });

  it.each([
    ["category=COMMUNICATION", ["Slack Sync", "Slack Tasks and Calendar Sync", "Channel Mirror"]],
    ["category=communication", ["Slack Sync", "Slack Tasks and Calendar Sync", "Channel Mirror"]],
    ["category=Productivity", ["Meeting Notes", "Standup Bot", "Project Planning Board"]],
    ["category=EDUCATION", []],
    ["environment=staging", ["Slack Tasks and Calendar Sync", "Standup Bot"]],
    ["environment=LOCALHOST", ["Budget Planner"]],
    ["featured=true", ["Slack Sync", "Meeting Notes", "Budget Planner"]],
    ["featured=false", ["Slack Tasks and Calendar Sync", "Channel Mirror", "Standup Bot", "Project Planning Board"]],
    ["category=PRODUCTIVITY&environment=production", ["Meeting Notes", "Project Planning Board"]],
    ["category=PRODUCTIVITY&environment=production&featured=true", ["Meeting Notes"]],
    ["category=COMMUNICATION&featured=false&search=slack", ["Slack Tasks and Calendar Sync", "Channel Mirror"]],
    ["environment=staging&search=daily", ["Standup Bot"]],
    ["category=FINANCE&environment=staging", []],
  ])("%s", async (query, expected) => {
    const res = await get(query);
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(expected);
    expect(res.body.pagination.total).toBe(expected.length);
  });

  it("ignores parameters it does not know", async () => {
    const res = await get("utm_source=newsletter&category=FINANCE");
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(["Budget Planner"]);
  });
});

describe("GET /api/apps search", () => {
  it.each([
    ["a word prefix", "slac", ["Slack Sync", "Slack Tasks and Calendar Sync", "Channel Mirror"]],
    ["a prefix, case-insensitive", "SLA", ["Slack Sync", "Slack Tasks and Calendar Sync", "Channel Mirror"]],
    ["a two-word phrase", "project planning", ["Project Planning Board"]],
    ["two word prefixes", "proj plan", ["Project Planning Board"]],
    ["a word only in a long description", "kanban", ["Meeting Notes"]],
    ["a name word and a long-description word", "standup", ["Standup Bot", "Meeting Notes"]],
    ["a word of the description", "budgets", ["Budget Planner"]],
    ["a stemmed form", "roadmap", ["Project Planning Board"]],
    ["any prefix of a name's word", "plannin", ["Project Planning Board"]],
    ["a typo in a name", "slak", ["Slack Sync", "Slack Tasks and Calendar Sync"]],
    ["a longer form of a name's word", "synchron", ["Slack Sync", "Slack Tasks and Calendar Sync"]],
    ["words that must all match", "slack kanban", []],
    ["nothing", "zebra", []],
    ["only punctuation", "!!!", []],
    ["only stop words", "the", []],
  ])("finds %s (%s)", async (_what, search, expected) => {
    const res = await get(`search=${encodeURIComponent(search)}`);
    expect(res.status).toBe(200);
    expect(names(res.body).sort()).toEqual([...expected].sort());
    expect(res.body.pagination).toEqual({
      page: 1,
      limit: 20,
      total: expected.length,
      totalPages: expected.length ? 1 : 0,
      totalIsExact: true,
    });
  });

  it("ranks the exact name first, then names holding the words, then by text rank", async () => {
    const res = await get("search=slack%20sync");
    expect(names(res.body)).toEqual(["Slack Sync", "Slack Tasks and Calendar Sync", "Channel Mirror"]);
    const exactIgnoringCase = await get("search=SLACK%20%20sync%20");
    expect(names(exactIgnoringCase.body)).toEqual(["Slack Sync", "Slack Tasks and Calendar Sync", "Channel Mirror"]);
  });

  it("falls back to names that look like the search only when its words match nothing, closest first", async () => {
    expect(names((await get("search=chanel")).body)).toEqual(["Channel Mirror"]);
    // "plannin" is a prefix of a name's word: no lookalikes ("Budget Planner") are mixed in.
    expect(names((await get("search=plannin")).body)).toEqual(["Project Planning Board"]);
    const typos = await get("search=slak");
    expect(names(typos.body).sort()).toEqual(["Slack Sync", "Slack Tasks and Calendar Sync"]);
    expect(typos.body.pagination.total).toBe(2);
    // Filters apply to the fallback too.
    expect(names((await get("search=slak&category=ANALYTICS")).body)).toEqual([]);
  });

  it("matches every prefix of a name's words as typed, not only of their english stems", async () => {
    // english stems "Planning" to "plan", which "plannin" is no prefix of; the name as typed is in the document too.
    const db = await getDb();
    const matching = await queryRows<{ name: string }>(
      db,
      sql`select name from apps where search_document @@ to_tsquery('simple', 'plannin:*')`,
    );
    expect(matching.map((row) => row.name)).toEqual(["Project Planning Board"]);
  });

  it("offers the closest public name when a search finds nothing", async () => {
    expect(names((await get("search=burndwn%20chrts%20xyz")).body)).toEqual([]);
    expect((await closestPublicName("slak sync"))?.name).toBe("Slack Sync");
    // Equally close names: either is a good answer.
    expect(["Slack Sync", "Slack Tasks and Calendar Sync"]).toContain((await closestPublicName("slack kanban"))?.name);
    expect((await closestPublicName("buget"))?.name).toBe("Budget Planner");
    expect((await closestPublicName("zzqqxx"))?.name).toBeUndefined();
    // Never a name that is not public.
    expect((await closestPublicName("slack suspended"))?.name).not.toBe("Slack Suspended");
    // Only a name the same filters show: one from another category would find nothing again.
    expect((await closestPublicName("slak sync", { category: "COMMUNICATION" }))?.name).toBe("Slack Sync");
    expect((await closestPublicName("slak sync", { category: "FINANCE" }))?.name).not.toBe("Slack Sync");
  });

  it("ranks an app whose name holds the word before one that has it only in its long description", async () => {
    expect(names((await get("search=standup")).body)).toEqual(["Standup Bot", "Meeting Notes"]);
  });

  it("finds an app by its exact name even when every word is a stop word", async () => {
    const developer = await insertDeveloper();
    await insertApp(developer, { name: "The Other", category: "OTHER" });
    expect(names((await get("search=the%20other")).body)).toEqual(["The Other"]);
    expect(names((await get("search=THE%20OTHER&category=OTHER")).body)).toEqual(["The Other"]);
  });

  it("sorts search results by another order on request", async () => {
    const res = await get("search=slack&sort=name");
    expect(names(res.body)).toEqual(["Channel Mirror", "Slack Sync", "Slack Tasks and Calendar Sync"]);
    const popular = await get("search=slack&sort=popular");
    expect(names(popular.body)).toEqual(["Slack Sync", "Slack Tasks and Calendar Sync", "Channel Mirror"]);
  });

  it.each([
    "slack & !sync",
    "slack | zebra",
    "(slack",
    "slack:*",
    "slack <-> sync",
    "slack' || '",
    "'; drop table apps; --",
    "slack\\",
    "slack%",
    "ünïcödé 日本語",
  ])("treats %j as plain words, never as syntax", async (search) => {
    const res = await get(`search=${encodeURIComponent(search)}`);
    expect(res.status).toBe(200);
    expect(res.body.pagination.total).toBe(res.body.data.length);
  });

  it("reads tsquery operators as separators", async () => {
    const res = await get(`search=${encodeURIComponent("slack&!(sync)")}`);
    expect(names(res.body)).toEqual(["Slack Sync", "Slack Tasks and Calendar Sync", "Channel Mirror"]);
  });
});

describe("GET /api/apps validation", () => {
  it.each([
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=-1", "limit"],
    ["limit=abc", "limit"],
    ["limit=2.5", "limit"],
    ["limit=", "limit"],
    ["page=0", "page"],
    ["page=-1", "page"],
    ["page=abc", "page"],
    ["page=2.5", "page"],
    ["page=", "page"],
    ["category=GAMES", "category"],
    ["category=", "category"],
    ["environment=prod", "environment"],
    ["environment=", "environment"],
    ["featured=yes", "featured"],
    ["featured=1", "featured"],
    ["featured=", "featured"],
    ["sort=popularity", "sort"],
    ["sort=", "sort"],
    ["sort=relevance", "sort"],
    ["sort=relevance&category=FINANCE", "sort"],
    ["search=", "search"],
    ["search=%20%20%20", "search"],
    [`search=${"a".repeat(101)}`, "search"],
    ["category=FINANCE&category=OTHER", "category"],
    // A search pages through its first 1,000 results only (page × limit).
    ["search=slack&page=51", "page"],
    ["search=slack&page=11&limit=100", "page"],
    ["search=slack&page=34&limit=30", "page"],
    ["search=slack&page=100000&limit=1", "page"],
  ])("%s → 400 naming %s", async (query, path) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.errors.map((error: { path: string }) => error.path)).toContain(path);
    expect(res.body.detail).toMatch(new RegExp(`^${path}: `));
  });

  it("names every invalid parameter at once", async () => {
    const res = await get("limit=0&page=0&category=GAMES");
    expect(res.status).toBe(400);
    expect(res.body.errors.map((error: { path: string }) => error.path).sort()).toEqual(["category", "limit", "page"]);
  });

  it.each([
    ["limit=100", 200],
    ["limit=1", 200],
    [`search=${"a".repeat(100)}`, 200],
    ["sort=relevance&search=slack", 200],
    ["search=slack&page=50", 200],
    ["search=slack&page=10&limit=100", 200],
    ["search=slack&page=1000&limit=1", 200],
    // Lists without a search page to the end, however deep.
    ["page=51", 200],
    ["page=100000&limit=100", 200],
  ])("accepts the bound %s", async (query, status) => {
    expect((await get(query)).status).toBe(status);
  });

  it("has a query schema the OpenAPI generator can read", () => {
    const schema = z.toJSONSchema(listAppsQuery, { io: "input" }) as {
      properties: Record<string, { enum?: string[]; description?: string }>;
    };
    expect(Object.keys(schema.properties).sort()).toEqual(["category", "environment", "featured", "limit", "page", "search", "sort"]);
    expect(schema.properties.category!.enum).toHaveLength(10);
    expect(schema.properties.sort!.enum).toEqual(["relevance", "popular", "rating", "newest", "name"]);
    for (const field of Object.values(schema.properties)) expect(field.description).toBeTruthy();
  });
});

describe("/api/apps methods", () => {
  it.each(["POST", "PUT", "PATCH", "DELETE"] as const)("%s → 405 with Allow", async (method) => {
    const res = await call(list[method], { method, path: "/api/apps" });
    expect(res.status).toBe(405);
    expect(res.body.code).toBe("method_not_allowed");
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });
});
