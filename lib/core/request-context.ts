import { AsyncLocalStorage } from "node:async_hooks";

// The request a line of code is running for, so every log line written while answering it carries
// its request id, whoever writes it (our code, or Next through console.error). The production server
// (lib/server/http-server.ts, loaded by tsx) and the code Next bundles are two copies of this module:
// the storage lives on globalThis so both see the same one.

type RequestContext = { requestId: string };

const STORAGE = Symbol.for("marketplace.request-context");
const storage = ((globalThis as { [STORAGE]?: AsyncLocalStorage<RequestContext> })[STORAGE] ??= new AsyncLocalStorage<RequestContext>());

/** Runs `work` as part of the request `requestId`. */
export function runInRequest<T>(requestId: string, work: () => T): T {
  return storage.run({ requestId }, work);
}

/** The id of the request being answered, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
