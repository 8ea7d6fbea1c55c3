// Who is counted. Impressions and page views count people, not machines: a request whose
// User-Agent is missing, or names a crawler, a script or a headless browser, is not counted (the
// rule is on purpose simple and public: docs/analytics.md). Nor are the app's own publisher's
// members and the administrators, whose views are work, not interest.

const MACHINES =
  /bot|crawl|spider|slurp|facebookexternalhit|embedly|preview|curl|wget|python|java\/|go-http|node-fetch|axios|headless|lighthouse|pingdom|monitor|uptime/i;

export function isMachine(userAgent: string | null | undefined): boolean {
  return !userAgent || MACHINES.test(userAgent);
}
