import { GOALS, type Scenario } from "./scenarios";

export type Measured = {
  scenario: Scenario;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Error statuses and connection errors: wrong answers. */
  errors: number;
  /** The error statuses among them, e.g. { "500": 1 }. */
  failedStatuses: Record<string, number>;
  /** Requests a scenario that sheds load saw refused (429/503): the server protecting itself, not a wrong answer. */
  refused: number;
  /** Requests that got no answer within the load generator's timeout (30 s): slow, not wrong. */
  timeouts: number;
  /** CPU time per request in the server process and in the database backends. */
  serverCpuMs: number;
  databaseCpuMs: number;
};

const MAX_RSS_BYTES = 400 * 2 ** 20;

const statusesOf = (statuses: Record<string, number>) => {
  const entries = Object.entries(statuses);
  return entries.length === 0 ? "" : ` (${entries.map(([status, count]) => `HTTP ${status}: ${count}`).join(", ")})`;
};

/**
 * The results as a table (plain text, or Markdown for docs/benchmarks.md), each scenario's
 * throughput as a ratio to the mean of the health runs, and what went wrong: requests that
 * failed (`errors`) and goals missed (`missed`).
 */
export function formatReport(results: Measured[], { rss, markdown }: { rss: number; markdown: boolean }) {
  const floors = results.filter((result) => result.scenario.goal === "floor");
  const health = floors.reduce((sum, result) => sum + result.requestsPerSecond, 0) / Math.max(1, floors.length);
  const errors: string[] = [];
  const missed: string[] = [];
  const rows = results.map((result) => {
    const goal = GOALS[result.scenario.goal];
    const ratio = health > 0 ? result.requestsPerSecond / health : 0;
    const met = ratio >= goal.minRatio && (goal.maxP99Ms === undefined || result.p99 <= goal.maxP99Ms);
    if (result.errors > 0) errors.push(`${result.scenario.name}: ${result.errors} failed requests${statusesOf(result.failedStatuses)}`);
    if (result.refused > 0) missed.push(`${result.scenario.name}: ${result.refused} requests refused by admission control (429/503)`);
    if (result.timeouts > 0) missed.push(`${result.scenario.name}: ${result.timeouts} requests timed out`);
    if (!met) missed.push(`${result.scenario.name}: ${ratio.toFixed(2)}× health, p99 ${result.p99} ms (goal ${goal.label})`);
    return [
      result.scenario.name,
      result.requestsPerSecond.toFixed(0),
      String(result.p50),
      String(result.p99),
      String(result.errors),
      String(result.timeouts),
      String(result.refused),
      result.serverCpuMs.toFixed(2),
      result.databaseCpuMs.toFixed(2),
      result.scenario.goal === "floor" ? "1.00" : ratio.toFixed(2),
      result.scenario.goal === "floor" ? "" : `${goal.label} ${met ? "✓" : "✗"}`,
    ];
  });
  const rssMet = rss <= MAX_RSS_BYTES;
  if (!rssMet) missed.push(`server RSS ${(rss / 2 ** 20).toFixed(0)} MB (goal ≤ 400 MB)`);
  const header = [
    "scenario",
    "req/s",
    "p50 ms",
    "p99 ms",
    "errors",
    "timeouts",
    "refused",
    "server CPU ms/req",
    "db CPU ms/req",
    "× health",
    "goal",
  ];
  const footer = `server RSS after the run: ${(rss / 2 ** 20).toFixed(0)} MB (goal ≤ 400 MB ${rssMet ? "✓" : "✗"}); health: ${health.toFixed(0)} req/s (mean of ${floors.length} runs)`;
  return { text: `${markdown ? markdownTable(header, rows) : plainTable(header, rows)}\n\n${footer}`, errors, missed };
}

function plainTable(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ");
  return [line(header), ...rows.map(line)].join("\n");
}

function markdownTable(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map((_, column) => (column === 0 ? "---" : "--:"))), ...rows.map(line)].join("\n");
}
