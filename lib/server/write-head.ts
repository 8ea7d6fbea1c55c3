import type { OutgoingHttpHeader, OutgoingHttpHeaders, ServerResponse } from "node:http";

// Checks that run as a response's headers go out. Node calls `writeHead` (itself, for implicit
// headers, too) once every header is known, so a wrapper of it sees each response exactly once.

/** `writeHead`'s headers, whichever form they come in: an object, a flat [name, value, …] list, or [name, value] pairs. */
function headerEntries(headers: OutgoingHttpHeaders | OutgoingHttpHeader[]): [string, OutgoingHttpHeader][] {
  if (!Array.isArray(headers))
    return Object.entries(headers).filter((entry): entry is [string, OutgoingHttpHeader] => entry[1] !== undefined);
  if (headers.every(Array.isArray)) return (headers as unknown as [string, OutgoingHttpHeader][]).map(([name, value]) => [name, value]);
  const entries: [string, OutgoingHttpHeader][] = [];
  for (let index = 0; index + 1 < headers.length; index += 2) entries.push([String(headers[index]), headers[index + 1]!]);
  return entries;
}

/**
 * Runs `check(response, statusCode)` just before `response`'s headers are written, with the headers
 * passed to `writeHead` already applied (`setHeader`), so `getHeader` sees every header.
 */
export function beforeHeadersGoOut(response: ServerResponse, check: (response: ServerResponse, statusCode: number) => void): void {
  const writeHead = response.writeHead as (this: ServerResponse, statusCode: number, statusMessage?: string) => ServerResponse;
  response.writeHead = function (this: ServerResponse, statusCode: number, ...rest: unknown[]) {
    const message = typeof rest[0] === "string" ? rest[0] : undefined;
    const headers = (message === undefined ? rest[0] : rest[1]) as OutgoingHttpHeaders | OutgoingHttpHeader[] | undefined;
    if (headers) {
      const merged = new Map<string, { name: string; values: (string | number)[] }>();
      for (const [name, value] of headerEntries(headers)) {
        const entry = merged.get(name.toLowerCase()) ?? { name, values: [] };
        entry.values.push(...(Array.isArray(value) ? value : [value]));
        merged.set(name.toLowerCase(), entry);
      }
      for (const { name, values } of merged.values()) this.setHeader(name, values.length === 1 ? values[0]! : values.map(String));
    }
    check(this, statusCode);
    return message === undefined ? writeHead.call(this, statusCode) : writeHead.call(this, statusCode, message);
  } as ServerResponse["writeHead"];
}

/** A header's value as one string (several values joined with ", "), or undefined. */
export function headerText(response: ServerResponse, name: string): string | undefined {
  const value = response.getHeader(name);
  return value === undefined ? undefined : Array.isArray(value) ? value.join(", ") : String(value);
}
