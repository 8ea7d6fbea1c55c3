import net from "node:net";

import { expect, test } from "@playwright/test";

import {
  accepts,
  descendantsOf,
  isAlive,
  listeningPort,
  productionEnvironment,
  startProcess,
  waitForLine,
  type Started,
} from "../support/processes";

// The server and the worker stop on SIGTERM themselves, started the way a container recipe starts
// them (node as PID 1, no npm in between) and the way a person does (`npm start`, `npm run worker`,
// where npm must pass the signal on): they stop accepting, finish what is in flight, close the
// database and exit 0, leaving no process behind. A server that cannot have its port exits 1 at once.

test.describe.configure({ timeout: 120_000 });

const SERVER = ["node", ["--import", "tsx", "scripts/serve.ts"]] as const;
const WORKER = ["node", ["--import", "tsx", "scripts/worker.ts"]] as const;

/** Sends the start of a form POST and leaves the rest to `finish`: a request in flight for as long as the test likes. */
async function requestInFlight(port: number): Promise<{ finish: () => void; answer: Promise<string> }> {
  const body = "csrfToken=not-a-token&callbackUrl=%2F";
  const socket = net.connect(port, "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  socket.write(
    `POST /api/auth/signin/yapture HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
      `Content-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
  );
  let received = "";
  socket.on("data", (bytes: Buffer) => (received += bytes.toString("latin1")));
  const answer = new Promise<string>((resolve) => socket.on("close", () => resolve(received)));
  return { finish: () => void socket.write(body.slice(10)), answer };
}

async function expectStoppedCleanly(started: Started, descendants: number[], stoppedLine: RegExp): Promise<void> {
  expect(await started.exited).toBe(0);
  expect(started.output()).toMatch(stoppedLine);
  // A helper of the process (tsx's esbuild service) ends when its parent's pipe closes: give it a moment.
  await expect.poll(() => descendants.filter(isAlive), { timeout: 2_000 }).toEqual([]);
}

for (const [how, command, args] of [
  ["node --import tsx scripts/serve.ts", ...SERVER],
  ["npm start", "npm", ["start"]],
] as const) {
  test(`${how}: SIGTERM finishes the request in flight, closes the port and exits 0 with nothing left running`, async () => {
    const started = startProcess(command, [...args], await productionEnvironment());
    const port = await listeningPort(started);
    expect((await fetch(`http://127.0.0.1:${port}/api/ready`)).status).toBe(200);
    const descendants = await descendantsOf(started.child.pid!);

    const inFlight = await requestInFlight(port);
    // The request has reached the server (its headers parsed) before the signal.
    await new Promise((resolve) => setTimeout(resolve, 300));
    started.child.kill("SIGTERM");
    await waitForLine(started, /"message":"server stopping"/);
    await expect.poll(() => accepts(port), { timeout: 5_000 }).toBe(false);
    expect(isAlive(started.child.pid!)).toBe(true);

    inFlight.finish();
    expect(await inFlight.answer).toMatch(/^HTTP\/1\.1 302 /);
    await expectStoppedCleanly(started, descendants, /"message":"server stopped","drained":true/);
    expect(started.output()).toContain('"message":"email dispatcher stopped"');
  });
}

test("a request that never finishes is cut at SHUTDOWN_TIMEOUT_MS, and the server still exits 0", async () => {
  const started = startProcess(SERVER[0], [...SERVER[1]], await productionEnvironment({ SHUTDOWN_TIMEOUT_MS: "1000" }));
  const port = await listeningPort(started);
  // Next opens the database on its first request; a stop waits for an opening in progress.
  expect((await fetch(`http://127.0.0.1:${port}/api/ready`)).status).toBe(200);
  await requestInFlight(port);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const signalled = Date.now();
  started.child.kill("SIGTERM");
  expect(await started.exited).toBe(0);
  expect(Date.now() - signalled).toBeLessThan(5_000);
  expect(started.output()).toMatch(/"message":"server stopped","drained":false/);
});

test("a server whose port is taken exits 1 at once, naming the port", async () => {
  const holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
  const { port } = holder.address() as net.AddressInfo;
  try {
    const signalled = Date.now();
    const started = startProcess(SERVER[0], [...SERVER[1]], await productionEnvironment({ PORT: String(port) }));
    expect(await started.exited).toBe(1);
    expect(Date.now() - signalled).toBeLessThan(15_000);
    expect(started.output()).toContain(`error: cannot listen on 127.0.0.1:${port}: listen EADDRINUSE`);
    // It gave up before opening anything: Next never prepared, no database was opened.
    expect(started.output()).not.toContain("database ready");
  } finally {
    holder.close();
  }
});

for (const [how, command, args] of [
  ["node --import tsx scripts/worker.ts", ...WORKER],
  ["npm run worker", "npm", ["run", "worker"]],
] as const) {
  test(`${how}: SIGTERM stops the worker, which closes the database and exits 0 with nothing left running`, async () => {
    const started = startProcess(command, [...args], await productionEnvironment());
    await waitForLine(started, /"message":"email worker started"/);
    const descendants = await descendantsOf(started.child.pid!);
    const signalled = Date.now();
    started.child.kill("SIGTERM");
    await expectStoppedCleanly(started, descendants, /"message":"email worker stopped"/);
    expect(Date.now() - signalled).toBeLessThan(5_000);
  });
}
