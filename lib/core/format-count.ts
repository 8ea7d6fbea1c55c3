/**
 * "12,345": a whole count with comma groups, as `toLocaleString("en-US")` writes it, without Intl.
 * A browser's first Intl number format loads ICU's data on the main thread (~25 ms here, ~110 ms at
 * Lighthouse's 4× slowdown), inside the hydration task of every page that shows an app card or an
 * install count (docs/benchmarks.md, issue 48).
 */
export function formatCount(value: number): string {
  const digits = Math.trunc(Math.abs(value)).toString();
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return value < 0 ? `-${grouped}` : grouped;
}
