import net from "node:net";

import { record, refusal } from "./breaker";
import { BEFORE_FIRST_ANSWER, DATABASE_BUSY, DATABASE_TIMEOUT, databaseError } from "./unreachable";

// Client-side bounds on waiting for a database server. The server's statement timeout cancels a
// slow statement, but a server (or a network path) that accepts a connection and then says nothing
// never sends that cancellation: only the client can stop waiting.

const timeoutError = (message: string) => databaseError(DATABASE_TIMEOUT, message);
const busyError = (message: string) => databaseError(DATABASE_BUSY, message);

type SocketOptions = { host: string[]; port: number[]; path?: string };

/**
 * A socket factory for postgres.js (its `socket` option) whose connections are dropped when the
 * server stays silent for `silenceMs` after being sent something: the statement pending on it
 * fails (503) and the pool opens a fresh connection for the next one, so a stalled connection
 * never stays in the pool. An idle connection has sent nothing and is never dropped.
 */
export function silenceWatchedSockets(silenceMs: number): (options: SocketOptions) => net.Socket {
  let next = 0;
  return (options) => {
    const socket = new net.Socket();
    let watchdog: NodeJS.Timeout | undefined;
    let answered = false;
    socket.on("data", () => {
      answered = true;
      clearTimeout(watchdog);
      watchdog = undefined;
    });
    // Registered before postgres.js's own listener, so the error it rejects statements with says so.
    socket.on("error", (error) => {
      if (!answered) Object.assign(error, { [BEFORE_FIRST_ANSWER]: true });
    });
    socket.once("close", () => clearTimeout(watchdog));
    // postgres.js rotates through the hosts of a multi-host URL the same way.
    const at = next++ % options.host.length;
    if (options.path) socket.connect(options.path);
    else socket.connect(options.port[at] ?? options.port[0]!, options.host[at]!);
    // After connect(), which puts net.Socket's own `write` back on the socket (Node's lib/net.js).
    const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
    socket.write = ((...args: unknown[]) => {
      watchdog ??= setTimeout(() => {
        const silence = timeoutError(`the database sent nothing for ${silenceMs} ms`);
        // The one sure sign of a database gone silent: the breaker opens (db/breaker.ts).
        record(silence);
        socket.destroy(silence);
      }, silenceMs).unref();
      return write(...args);
    }) as typeof socket.write;
    return socket;
  };
}

/** What of a postgres.js query this needs: it is a promise whose settling functions can be wrapped. */
type SettlableQuery = { resolve: (value: unknown) => void; reject: (error: unknown) => void; active: boolean; cancel(): unknown };

/** A stand-in for a query never sent: awaiting it (or its `.values()`, as Drizzle does) fails with `error`. */
function refusedQuery(error: Error): object {
  const failed = Promise.reject(error);
  return Object.assign(failed, { values: () => failed, raw: () => failed });
}

/**
 * Sends a statement (`send` creates the postgres.js query) unless the database was just found
 * unreachable (db/breaker.ts), and bounds how long its caller waits, counted from now: waiting for
 * a free connection and opening one included. Past `timeoutMs` the caller gets a DATABASE_TIMEOUT
 * error when its statement was running (sent, and the first on its connection), which opens the
 * breaker; else (waiting for a connection of a busy pool, or behind another statement on one) a
 * DATABASE_BUSY error, which does not: a pool full of slow searches is not a database down
 * (issue 42). A statement still queued is withdrawn, one already sent is left to the server's
 * statement timeout and the connection's silence watchdog. A `probe` is never refused, and its
 * timeout is always DATABASE_TIMEOUT.
 */
export function sendWithin<Q extends object>(timeoutMs: number, send: () => Q, { probe = false } = {}): Q {
  const refused = probe ? null : refusal();
  if (refused) return refusedQuery(refused) as Q;
  const query = send();
  const settlable = query as Q & SettlableQuery;
  const { resolve, reject } = settlable;
  const timer = setTimeout(() => {
    const wasQueued = !settlable.active;
    // A probe has a connection of its own (db/client.ts): queued, it waits on that connection being
    // opened, and a server that accepts and says nothing is as down as one that never answers.
    settlable.reject(
      wasQueued && !probe
        ? busyError(`no free database connection within ${timeoutMs} ms`)
        : timeoutError(`no answer from the database within ${timeoutMs} ms`),
    );
    // Withdrawing it rejects it again, with a cancellation that must not count as the database answering.
    if (wasQueued) void Promise.resolve(settlable.cancel()).catch(() => undefined);
  }, timeoutMs).unref();
  let settled = false;
  settlable.resolve = (value) => {
    clearTimeout(timer);
    if (!settled) record();
    settled = true;
    resolve(value);
  };
  settlable.reject = (error) => {
    clearTimeout(timer);
    if (!settled) record(error);
    settled = true;
    reject(error);
  };
  return query;
}

/**
 * A transaction whose callback has not started within `timeoutMs` fails (DATABASE_BUSY: the pool had
 * no connection for it), and never starts later. A failure to open its connection is recorded as a
 * statement's is, so a database down still opens the breaker.
 */
export async function beginWithin<T>(
  timeoutMs: number,
  begin: (callback: (inner: object) => Promise<T>) => Promise<T>,
  callback: (inner: object) => Promise<T>,
): Promise<T> {
  const refused = refusal();
  if (refused) throw refused;
  let started = false;
  let expired = false;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, rejectDeadline) => {
    timer = setTimeout(() => {
      if (started) return;
      expired = true;
      const error = busyError(`no free database connection within ${timeoutMs} ms`);
      record(error);
      rejectDeadline(error);
    }, timeoutMs).unref();
  });
  const transaction = begin((inner) => {
    if (expired) return Promise.reject(busyError("the transaction started after its caller gave up"));
    started = true;
    clearTimeout(timer);
    return callback(inner);
  });
  // The transaction may still settle after the deadline won: that outcome has no one to read it,
  // but a connection that could not be opened tells the breaker.
  transaction.catch((error: unknown) => {
    if (!started) record(error);
  });
  try {
    return await Promise.race([transaction, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
