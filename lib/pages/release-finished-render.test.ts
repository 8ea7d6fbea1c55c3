import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

import { describe, expect, it } from "vitest";

// A real React Server Components render (the Flight renderer Next ships, under the react-server
// condition, as Next runs pages) in a child process: the message of every Error whose stack was read.
const run = promisify(execFile);
const helper = path.join(import.meta.dirname, "release-finished-render.ts");

async function errorsWithReadStacks(callHelper: boolean): Promise<string[]> {
  const program = `
    import { createRequire } from "node:module";
    import { Writable } from "node:stream";
    const require = createRequire(${JSON.stringify(import.meta.filename)});
    const React = require("react");
    const { renderToPipeableStream } = require("next/dist/compiled/react-server-dom-webpack/server.node.js");
    const { releaseFinishedRender } = await import(${JSON.stringify(helper)});
    const read = [];
    Error.prepareStackTrace = (error) => { read.push(error.message); return String(error); };
    function Page() {
      if (${callHelper}) releaseFinishedRender();
      return React.createElement("p", null, "hello");
    }
    await new Promise((resolve) => {
      renderToPipeableStream(React.createElement(Page), {}).pipe(
        new Writable({ write: (chunk, encoding, done) => done(), final: (done) => { done(); resolve(); } }),
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    console.log(JSON.stringify(read));`;
  const { stdout } = await run(process.execPath, ["--conditions=react-server", "--import", "tsx", "--input-type=module", "-e", program], {
    env: { ...process.env, NODE_ENV: "production" },
  });
  return JSON.parse(stdout) as string[];
}

describe("releaseFinishedRender", () => {
  it("reads the stack of the Error a completed render aborts its cache signal with, so its frames can be collected", async () => {
    const read = await errorsWithReadStacks(true);
    expect(read).toEqual([expect.stringMatching(/^This render completed successfully/)]);
  });

  it("is needed: without it nothing reads that stack", async () => {
    expect(await errorsWithReadStacks(false)).toEqual([]);
  });
});
