import { vi } from "vitest";

// lib/core/log.ts writes to process.stdout/stderr directly (Next dims or reformats console output written
// during some renders); a test reads the lines it wrote here. Anything else written passes through.

export type LogLine = Record<string, unknown>;

/** Starts collecting the JSON lines lib/core/log writes; `vi.restoreAllMocks()` (or `stop`) ends it. */
export function captureLogLines(): { lines: LogLine[]; stop: () => void } {
  const lines: LogLine[] = [];
  const spies = [process.stdout, process.stderr].map((stream) => {
    const original = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
    return vi.spyOn(stream, "write").mockImplementation(((chunk: unknown, ...rest: unknown[]) => {
      const text = String(chunk);
      if (!text.startsWith('{"time":')) return original(chunk, ...rest);
      for (const line of text.split("\n").filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      return true;
    }) as typeof stream.write);
  });
  return { lines, stop: () => spies.forEach((spy) => spy.mockRestore()) };
}
