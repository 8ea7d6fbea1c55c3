import { beforeAll, describe, expect, it } from "vitest";

import { listAppsQuery } from "@/lib/catalogue/schemas";
import { insertApps } from "@/test/support/apps";
import { insertDeveloper } from "@/test/support/developers";

import { browseResults, emptyResultsFallback, type BrowseResults } from "./browse-results";

const browse = async (params: Record<string, string>, verbatim = false) => {
  const answer = await browseResults({ query: listAppsQuery.parse(params), client: "203.0.113.9", verbatim });
  if (!("results" in answer)) throw new Error(`refused: ${answer.message}`);
  return answer;
};
const names = ({ results }: BrowseResults) => results.items.map((app) => app.name);

beforeAll(async () => {
  const developer = await insertDeveloper();
  await insertApps(developer, [
    { name: "Slack Sync", category: "COMMUNICATION", installCount: 40 },
    { name: "Budget Planner", category: "FINANCE", installCount: 30 },
    { name: "Burndown Charts", category: "ANALYTICS", installCount: 20 },
    { name: "Github Issues Bridge", category: "DEVELOPER_TOOLS", installCount: 10 },
    { name: "Hidden Slack Helper", status: "PENDING", installCount: 99 },
  ]);
});

describe("a search that finds nothing", () => {
  it.each([
    ["slak sync", "Slack Sync"],
    ["budgt planer", "Budget Planner"],
    ["burndwn chrts", "Burndown Charts"],
  ])("%j, a confident typo, shows the results for %j", async (typed, meant) => {
    const answer = await browse({ search: typed });
    expect(answer.correction).toEqual({ from: typed, to: meant });
    expect(names(answer)[0]).toBe(meant);
    expect(answer.results.total).toBeGreaterThan(0);
    expect(answer.suggestion).toBeUndefined();
  });

  it("searches for exactly what was typed when asked (Search instead for …), still offering the name", async () => {
    const answer = await browse({ search: "slak sync" }, true);
    expect(answer.correction).toBeUndefined();
    expect(answer.results.total).toBe(0);
    expect(answer.suggestion).toBe("Slack Sync");
  });

  it("offers a less certain name instead of showing its results", async () => {
    const answer = await browse({ search: "buget" });
    expect(answer.correction).toBeUndefined();
    expect(answer.results.total).toBe(0);
    expect(answer.suggestion).toBe("Budget Planner");
  });

  it("corrects only to a name the same filters show, never to one that is not public", async () => {
    expect((await browse({ search: "slak sync", category: "FINANCE" })).correction).toBeUndefined();
    expect((await browse({ search: "slak sync", category: "communication" })).correction?.to).toBe("Slack Sync");
    const hidden = await browse({ search: "hiden slak helpr" });
    expect(hidden.correction?.to).not.toBe("Hidden Slack Helper");
    expect(names(hidden)).not.toContain("Hidden Slack Helper");
  });

  it("a nonsense search gets neither, and the page falls back to the popular apps and the categories that have apps", async () => {
    const answer = await browse({ search: "qwzx plorf" });
    expect(answer.correction ?? answer.suggestion).toBeUndefined();
    expect(answer.results.total).toBe(0);
    const fallback = await emptyResultsFallback();
    expect(fallback.popular.items.map((app) => app.name)).toEqual([
      "Slack Sync",
      "Budget Planner",
      "Burndown Charts",
      "Github Issues Bridge",
    ]);
    expect(fallback.popular.appIds).toHaveLength(4);
    expect(fallback.categories.map((category) => category.category).sort()).toEqual(
      ["ANALYTICS", "COMMUNICATION", "DEVELOPER_TOOLS", "FINANCE"].sort(),
    );
  });

  it("a search that finds apps is left alone", async () => {
    const answer = await browse({ search: "slack" });
    expect(answer.correction ?? answer.suggestion).toBeUndefined();
    expect(names(answer)).toEqual(["Slack Sync"]);
  });
});
