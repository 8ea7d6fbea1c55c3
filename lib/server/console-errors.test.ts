import { DrizzleQueryError } from "drizzle-orm/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { runInRequest } from "@/lib/core/request-context";
import { captureLogLines, type LogLine } from "@/test/support/log-lines";
import { forgetProcessCaches } from "@/test/support/process-caches";

import { consoleCallAsLogEntry, routeConsoleThroughLog } from "./console-errors";

// Next prints a failed page or route handler with console.error(error); in the server process that
// becomes one JSON line through lib/core/log. (The console stays routed for the rest of this file's process.)

const quietLevel = process.env.LOG_LEVEL;
let captured: ReturnType<typeof captureLogLines>;
beforeAll(() => {
  process.env.LOG_LEVEL = "info";
  forgetProcessCaches();
  captured = captureLogLines();
  routeConsoleThroughLog();
  routeConsoleThroughLog(); // a second call must not wrap twice
});
afterAll(() => {
  captured.stop();
  process.env.LOG_LEVEL = quietLevel;
  forgetProcessCaches();
});

/** The lines one piece of work wrote. */
function written(work: () => void): LogLine[] {
  captured.lines.length = 0;
  work();
  return [...captured.lines];
}

describe("console.error in the server process", () => {
  it("writes Next's report of a failed query as one JSON line, with the request id and without the bound values", () => {
    const failed = new DrizzleQueryError("select * from developers where email = $1", ["ann.smith@example.com"], new Error("timeout"));
    const entries = written(() => runInRequest("req-1", () => console.error(" ⨯", failed)));
    expect(entries).toEqual([
      {
        time: expect.any(String),
        level: "error",
        message: "unhandled error",
        requestId: "req-1",
        error: expect.objectContaining({
          message: "Failed query: select * from developers where email = $1\nparams: [not logged]",
          stack: expect.stringMatching(/params: \[not logged\]\n\s+at /),
          cause: expect.objectContaining({ message: "timeout" }),
        }),
      },
    ]);
    expect(JSON.stringify(entries)).not.toContain("ann.smith");
  });

  it("keeps text arguments as the message, emails taken out, and leaves objects out", () => {
    const entries = written(() => console.error("Failed to render for ann@example.com", { cookie: "session=1" }));
    expect(entries).toEqual([{ time: expect.any(String), level: "error", message: "Failed to render for [email] [object not logged]" }]);
  });

  it("writes console.warn as a warn line", () => {
    expect(written(() => console.warn(" ⚠ something odd"))).toMatchObject([{ level: "warn", message: "something odd" }]);
  });
});

describe("consoleCallAsLogEntry", () => {
  it("finds the error among the arguments", () => {
    const error = new Error("e");
    expect(consoleCallAsLogEntry(["Error in instrumentation.onRequestError:", error, 42])).toEqual({
      message: "Error in instrumentation.onRequestError: 42",
      error,
    });
  });
});
