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

/** The periods covering `range`, each cut to it: `key` is the period's own first day, as Postgres's date_trunc gives it. */
export function periodsOf({ from, to }: DayRange, interval: Interval): { key: string; start: string; end: string }[] {
  // Whole days as epoch milliseconds, turned into text once each: a two-year daily range is 730 periods.
  const last = timeOf(to);
  const periods: { key: string; start: string; end: string }[] = [];
  let start = timeOf(from);
  while (start <= last) {
    const key = periodStart(start, interval);
    const next = interval === "day" ? key + DAY_MS : interval === "week" ? key + 7 * DAY_MS : nextMonth(key);
    const end = Math.min(next - DAY_MS, last);
    const startDay = dayOf(new Date(start));
    periods.push({
      key: key === start ? startDay : dayOf(new Date(key)),
      start: startDay,
      end: end === start ? startDay : dayOf(new Date(end)),
    });
    start = next;
  }
  return periods;
}

/** The first day of the period of `interval` that holds `day`: itself, its ISO week's Monday, its month's 1st. */
function periodStart(day: number, interval: Interval): number {
  if (interval === "day") return day;
  const date = new Date(day);
  if (interval === "month") return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  const weekday = (date.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return day - weekday * DAY_MS;
}

function nextMonth(first: number): number {
  const date = new Date(first);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}
