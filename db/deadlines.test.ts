import net from "node:net";

import { afterEach, describe, expect, it } from "vitest";

import { databaseUnavailable, setProbe } from "./breaker";
import { sendWithin, silenceWatchedSockets } from "./deadlines";
import { DATABASE_BUSY, DATABASE_TIMEOUT } from "./unreachable";

// A server that accepts connections, reads what it is sent and never says a word: a hung database.
async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => undefined).on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A postgres.js query's shape, enough for sendWithin: a promise whose settling it can wrap. */
function pendingQuery(active: boolean) {
  let settle!: { resolve: (value: unknown) => void; reject: (error: unknown) => void };
  const promise = new Promise((resolve, reject) => (settle = { resolve, reject }));
  return Object.assign(promise, { ...settle, active, cancel: () => settle.reject(new Error("cancelled")) });
}

afterEach(() => setProbe(undefined));

describe("a connection whose server goes silent", () => {
  it("is dropped with DATABASE_TIMEOUT once the server says nothing for silenceMs after being sent something", async () => {
    const server = await silentServer();
    setProbe(() => Promise.resolve());
    const socket = silenceWatchedSockets(200)({ host: ["127.0.0.1"], port: [server.port] });
    const closed = new Promise<unknown>((resolve) => socket.on("error", resolve));
    await new Promise((resolve) => socket.once("connect", resolve));
    const started = performance.now();
    socket.write("a statement");
    const error = await closed;
    expect(error).toMatchObject({ code: DATABASE_TIMEOUT });
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    expect(socket.destroyed).toBe(true);
    expect(databaseUnavailable()).toBe(true);
    await server.close();
  });

  it("is kept while it is idle: nothing sent, nothing awaited", async () => {
    const server = await silentServer();
    const socket = silenceWatchedSockets(100)({ host: ["127.0.0.1"], port: [server.port] });
    await new Promise((resolve) => socket.once("connect", resolve));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(socket.destroyed).toBe(false);
    socket.destroy();
    await server.close();
  });
});

describe("a statement's wait", () => {
  it("is DATABASE_BUSY when the statement was still waiting for a connection, and DATABASE_TIMEOUT once sent", async () => {
    setProbe(() => Promise.resolve());
    await expect(sendWithin(50, () => pendingQuery(false))).rejects.toMatchObject({ code: DATABASE_BUSY });
    expect(databaseUnavailable()).toBe(false);
    await expect(sendWithin(50, () => pendingQuery(true))).rejects.toMatchObject({ code: DATABASE_TIMEOUT });
    expect(databaseUnavailable()).toBe(true);
  });

  it("is DATABASE_TIMEOUT for the breaker's probe even while it waits for its connection to open", async () => {
    setProbe(() => Promise.resolve());
    await expect(sendWithin(50, () => pendingQuery(false), { probe: true })).rejects.toMatchObject({ code: DATABASE_TIMEOUT });
    expect(databaseUnavailable()).toBe(true);
  });
});
