// CSV as RFC 4180 writes it (CRLF between records, a field quoted when it holds a comma, a quote or
// a line break, quotes doubled), UTF-8, with a header row. A text cell a spreadsheet would run as a
// formula (starting with =, +, -, @, a tab or a carriage return) is prefixed with ', as OWASP
// advises: an app's name or a search term is data, never a formula.

export type Cell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;

function field(cell: Cell): string {
  if (cell === null) return "";
  const text = typeof cell === "number" ? String(cell) : FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvOf(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return [header, ...rows].map((row) => row.map(field).join(",")).join("\r\n") + "\r\n";
}
