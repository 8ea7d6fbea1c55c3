import { APP_CATEGORIES } from "@/lib/core/enums";

import { RARE_WORDS, SEARCH_VOCABULARY } from "./vocabulary";

// What the benchmark asks of the server. Each scenario is one kind of request, fixed or drawn at
// random per request; `goal` names the target it is held to (ratios to GET /api/health's
// throughput measured in the same run).

export type Goal = "floor" | "read" | "unasked" | "install" | "page" | "signedInPage";
export const GOALS: Record<Goal, { minRatio: number; maxP99Ms?: number; label: string }> = {
  floor: { minRatio: 0, label: "the floor" },
  read: { minRatio: 0.5, maxP99Ms: 100, label: "≥ 0.5×, p99 ≤ 100 ms" },
  // Searches nobody asked before wait in the search line by design (lib/catalogue/search/admission.ts): issue 49's goal.
  unasked: { minRatio: 0.4, label: "≥ 0.4×" },
  install: { minRatio: 0.4, label: "≥ 0.4×" },
  page: { minRatio: 0.5, label: "≥ 0.5×" },
  signedInPage: { minRatio: 0.25, label: "≥ 0.25×" },
};

type BenchRequest = { method: "GET" | "POST"; path: string; body?: string; headers?: Record<string, string> };
export type Scenario = {
  name: string;
  goal: Goal;
  next: () => BenchRequest;
  /** Admission control may refuse some of it at this load (429/503 with Retry-After): counted apart, as timeouts are. */
  sheds?: boolean;
};

const get = (path: string): BenchRequest => ({ method: "GET", path });
const fixed = (name: string, goal: Goal, path: string): Scenario => ({ name, goal, next: () => get(path) });
/** A visitor of 198.18.0.0/15, the benchmarking range, named in X-Forwarded-For (the bench server trusts loopback). */
const visitor = () => ({ "x-forwarded-for": `198.${between(18, 19)}.${between(0, 255)}.${between(1, 254)}` });
/**
 * The same search asked by many visitors. A search whose page has no apps is searched every time
 * (nothing would tell when an app starts to match), so on a small catalogue where the word matches
 * nothing, a process's search line may shed some (lib/catalogue/search/admission.ts).
 */
const searched = (name: string, path: string): Scenario => ({
  name,
  goal: "read",
  next: () => ({ ...get(path), headers: visitor() }),
  sheds: true,
});
const pick = <T>(values: readonly T[]): T => values[Math.floor(Math.random() * values.length)]!;

/**
 * Draws from `values` as visitors' attention falls on a catalogue: the k-th value with a weight of
 * 1/k (Zipf, s = 1). Over 100,000 apps the first 100 take 43% of the draws, the first 1,000 62%.
 */
function popular<T>(values: readonly T[]): () => T {
  const cumulative = new Float64Array(values.length);
  let sum = 0;
  values.forEach((_, index) => (cumulative[index] = sum += 1 / (index + 1)));
  return () => {
    const target = Math.random() * sum;
    let [low, high] = [0, values.length - 1];
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return values[low]!;
  };
}
const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));

const LIST_SORTS = ["popular", "rating", "newest", "name"] as const;
const SEARCH_SORTS = ["relevance", ...LIST_SORTS] as const;

/**
 * A list or search query never asked before in this run: a random category (or none) × sort × page
 * of 1–50 × limit, or one or two random words of the catalogue's vocabulary with a random sort and
 * page. No cache of any kind can answer it from an earlier request. Each comes from a different
 * visitor (an address of 198.18.0.0/15, the benchmarking range, in X-Forwarded-For: the bench server
 * trusts loopback as its proxy): one client asking unique searches on 50 connections is refused by
 * design (lib/catalogue/search/admission.ts), and npm run bench:hostile-search measures that client.
 */
function uncachedQueries(): () => BenchRequest {
  const asked = new Set<string>();
  const draw = (): string => {
    const params = new URLSearchParams();
    if (Math.random() < 0.5) {
      const category = pick([undefined, ...APP_CATEGORIES]);
      if (category) params.set("category", category);
      params.set("sort", pick(LIST_SORTS));
      params.set("page", String(between(1, 50)));
    } else {
      params.set("search", Math.random() < 0.75 ? pick(SEARCH_VOCABULARY) : `${pick(SEARCH_VOCABULARY)} ${pick(SEARCH_VOCABULARY)}`);
      params.set("sort", pick(SEARCH_SORTS));
      params.set("page", String(between(1, 5)));
    }
    params.set("limit", String(between(10, 30)));
    return `/api/apps?${params.toString()}`;
  };
  return () => {
    let path = draw();
    while (asked.has(path)) path = draw();
    asked.add(path);
    return { ...get(path), headers: visitor() };
  };
}

export const HEALTH: Scenario = fixed("GET /api/health", "floor", "/api/health");

/**
 * A person's browser, which the analytics count (lib/analytics/visitors.ts): a request without a
 * User-Agent, as autocannon sends it, records nothing. Each scenario that a person's request
 * records is run twice, without and with this header, so the report shows what recording costs.
 */
const BROWSER = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
  "content-type": "application/json",
};
const REFERRED = { ...BROWSER, referer: "http://127.0.0.1/apps?search=sync" };

/** The scenarios whose answers count impressions or page views, as a person's browser asks them. */
function recorded(slugs: readonly string[]): Scenario[] {
  const asPerson = (name: string, goal: Goal, path: string): Scenario => ({
    name: `${name}, recorded`,
    goal,
    next: () => ({ method: "GET", path, headers: BROWSER }),
  });
  return [
    asPerson("/api/apps (popular)", "read", "/api/apps"),
    asPerson("search: common word (sync)", "read", "/api/apps?search=sync"),
    asPerson("/api/apps/featured/list", "read", "/api/apps/featured/list"),
    asPerson("page: / (home)", "page", "/"),
    asPerson("page: /apps (browse)", "page", "/apps"),
    {
      name: "page: /apps/:slug (random app), recorded",
      goal: "page",
      next: () => ({ method: "GET", path: `/apps/${pick(slugs)}`, headers: REFERRED }),
    },
  ];
}

/** What the scenarios ask about: the seeded apps' slugs and developers' ids, most installed first, and a signed-in person's Cookie. */
export type BenchCatalogue = { slugs: readonly string[]; developerIds: readonly string[]; signedInCookie: string };

/** Every scenario after the health floor, in the order they run. */
export function scenarios({ slugs, developerIds, signedInCookie }: BenchCatalogue): Scenario[] {
  const rare = RARE_WORDS[0]!;
  const popularSlug = popular(slugs);
  const popularDeveloper = popular(developerIds);
  return [
    fixed("/api/apps (popular)", "read", "/api/apps"),
    fixed("/api/apps?page=50", "read", "/api/apps?page=50"),
    fixed("/api/apps?sort=rating", "read", "/api/apps?sort=rating"),
    fixed("/api/apps?sort=newest&page=50", "read", "/api/apps?sort=newest&page=50"),
    fixed("/api/apps?sort=name&page=50&limit=100", "read", "/api/apps?sort=name&page=50&limit=100"),
    fixed("/api/apps?category=ANALYTICS", "read", "/api/apps?category=ANALYTICS"),
    fixed("/api/apps?category=FINANCE&sort=rating&page=50", "read", "/api/apps?category=FINANCE&sort=rating&page=50"),
    fixed("/api/apps?environment=staging&sort=newest", "read", "/api/apps?environment=staging&sort=newest"),
    fixed("/api/apps?featured=true&page=50", "read", "/api/apps?featured=true&page=50"),
    fixed("/api/apps?category=AI_ML&environment=localhost", "read", "/api/apps?category=AI_ML&environment=localhost"),
    searched("search: common word (sync)", "/api/apps?search=sync"),
    searched("search: two common words", "/api/apps?search=slack%20task"),
    searched("search: prefix (calen)", "/api/apps?search=calen"),
    searched(`search: rare word (${rare})`, `/api/apps?search=${rare}`),
    searched("search: common word, category, by rating", "/api/apps?search=report&category=BUSINESS&sort=rating"),
    fixed("/api/apps/featured/list", "read", "/api/apps/featured/list"),
    fixed("/api/apps/categories/list", "read", "/api/apps/categories/list"),
    { name: "/api/apps/:slug (random app)", goal: "read", next: () => get(`/api/apps/${pick(slugs)}`) },
    { name: "/api/apps/:slug/reviews (random app)", goal: "read", next: () => get(`/api/apps/${pick(slugs)}/reviews`) },
    { name: "uncached: every query different", goal: "unasked", next: uncachedQueries(), sheds: true },
    {
      // Anonymous (a workspace install needs its member's sign-in): once per client, app and day,
      // so with 100,000 apps almost every request inserts and counts, as a new workspace's would.
      name: "POST /api/apps/:slug/install (random app, anonymous)",
      goal: "install",
      next: () => ({ method: "POST", path: `/api/apps/${pick(slugs)}/install` }),
    },
    fixed("page: / (home)", "page", "/"),
    fixed("page: /apps (browse)", "page", "/apps"),
    { name: "page: /apps/:slug (random app)", goal: "page", next: () => get(`/apps/${pick(slugs)}`) },
    fixed("page: /apps?search=sync (search results)", "page", "/apps?search=sync"),
    { name: "page: /apps/:slug (popular apps, Zipf)", goal: "page", next: () => get(`/apps/${popularSlug()}`) },
    { name: "page: /developers/:id (popular developers, Zipf)", goal: "page", next: () => get(`/developers/${popularDeveloper()}`) },
    {
      name: "page: /apps/:slug (popular apps, Zipf), signed in",
      goal: "signedInPage",
      next: () => ({ method: "GET", path: `/apps/${popularSlug()}`, headers: { cookie: signedInCookie } }),
    },
    ...recorded(slugs),
  ];
}
