import type { Interval } from "./schemas";

// Days as the analytics count them: UTC calendar days written YYYY-MM-DD, which sort as text.

/** The longest range one call may ask for. */
export const MAX_DAYS = 400;
/** The range when none is given: the last 30 days, today included. */
export const DEFAULT_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const timeOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

export const todayUtc = (now = new Date()) => dayOf(now);
export const addDays = (day: string, days: number) => dayOf(new Date(timeOf(day) + days * DAY_MS));
export const daysBetween = (from: string, to: string) => Math.round((timeOf(to) - timeOf(from)) / DAY_MS);

export type DayRange = { from: string; to: string };

/** The range a query names, with the defaults filled in (the query's schema has checked it). */
export function rangeOf(query: { from?: string; to?: string }, now = new Date()): DayRange {
  const to = query.to ?? todayUtc(now);
  return { from: query.from ?? addDays(to, -(DEFAULT_DAYS - 1)), to };
}

/** The first day of the period of `interval` that holds `day`: itself, its ISO week's Monday, its month's 1st. */
function periodStart(day: string, interval: Interval): string {
  if (interval === "day") return day;
  if (interval === "month") return `${day.slice(0, 8)}01`;
  const weekday = (new Date(timeOf(day)).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(day, -weekday);
}

/** The periods covering `range`, each cut to it: `key` is the period's own first day, as Postgres's date_trunc gives it. */
export function periodsOf({ from, to }: DayRange, interval: Interval): { key: string; start: string; end: string }[] {
  const periods: { key: string; start: string; end: string }[] = [];
  let start = from;
  while (start <= to) {
    const key = periodStart(start, interval);
    const next = interval === "day" ? addDays(key, 1) : interval === "week" ? addDays(key, 7) : nextMonth(key);
    const end = addDays(next, -1) < to ? addDays(next, -1) : to;
    periods.push({ key, start, end });
    start = next;
  }
  return periods;
}

function nextMonth(first: string): string {
  const [year, month] = first.split("-").map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, "0")}-01`;
}
