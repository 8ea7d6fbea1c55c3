import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";

import { dnsResolver, type HostResolver } from "./host-resolver";

export type FetchPolicy = {
  /** URL schemes that may be fetched, e.g. ["https:"]. */
  protocols: readonly string[];
  /** Whether an address may be connected to; public unicast only, unless private fetching is allowed. */
  isAllowedAddress: (address: string) => boolean;
  maxRedirects: number;
  timeoutMs: number;
  maxBytes: number;
  /** How host names become addresses (by the deadline it is given); DNS from the system's name servers by default. */
  resolve?: HostResolver;
};

export class AssetFetchError extends Error {}

const systemResolver = dnsResolver();

/** Rejects with "timed out" when `deadline` passes first: a resolver that never answers must not hold a submit. */
function beforeDeadline<T>(work: Promise<T>, deadline: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AssetFetchError("timed out")), Math.max(0, deadline - Date.now()));
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

/** Checks the URL and resolves its host to one address that policy allows; nothing is connected yet. */
export async function vetTarget(url: URL, policy: FetchPolicy, deadline: number): Promise<string> {
  if (!policy.protocols.includes(url.protocol)) throw new AssetFetchError("must be an https:// URL");
  if (url.username || url.password) throw new AssetFetchError("must not contain credentials");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    const resolving = (policy.resolve ?? systemResolver)(host, deadline).catch((error: unknown) => {
      const code = (error as NodeJS.ErrnoException | null)?.code;
      // ECANCELLED: the resolver stopped its queries at the deadline.
      throw new AssetFetchError(code === "ECANCELLED" || code === "ETIMEOUT" ? "timed out" : `host ${host} could not be resolved`);
    });
    addresses = await beforeDeadline(resolving, deadline);
  }
  if (addresses.length === 0) throw new AssetFetchError(`host ${host} could not be resolved`);
  // Every address must be acceptable: a name that also resolves to a private address is refused.
  if (addresses.some((address) => !policy.isAllowedAddress(address))) {
    throw new AssetFetchError(`host ${host} resolves to a private or reserved address`);
  }
  return addresses[0]!;
}

type Hop = { status: number; location: string | null };

/**
 * A kept-alive socket the server had already closed: the request never reached it, so asking once
 * more on a new connection is safe (Node's http documentation recommends exactly this retry).
 */
class StaleSocketError extends Error {}

/**
 * One request to the vetted address (never re-resolved, so DNS rebinding cannot redirect it). A 2xx
 * body goes to `sink` chunk by chunk, at most `maxBytes` in all, until the sink says it has enough.
 */
function request(url: URL, address: string, policy: FetchPolicy, deadline: number, sink: (chunk: Buffer) => boolean): Promise<Hop> {
  return new Promise((resolve, reject) => {
    const family = isIP(address);
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all)
        (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
      else callback(null, address, family);
    };
    const client = url.protocol === "https:" ? https : http;
    const req = client.request(url, {
      method: "GET",
      lookup: pinned,
      headers: { accept: "image/png,image/jpeg;q=0.9,*/*;q=0.1", "user-agent": "YaptureMarketplace-AssetCheck/1.0" },
      timeout: Math.max(1, deadline - Date.now()),
    });
    const timer = setTimeout(() => req.destroy(new AssetFetchError("timed out")), Math.max(1, deadline - Date.now()));
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      req.destroy();
    };
    req.on("timeout", () => req.destroy(new AssetFetchError("timed out")));
    let answered = false;
    req.on("error", (error) =>
      settle(() => {
        const code = (error as NodeJS.ErrnoException).code;
        if (!answered && req.reusedSocket && code === "ECONNRESET") reject(new StaleSocketError());
        else reject(error instanceof AssetFetchError ? error : new AssetFetchError(`could not be fetched (${code ?? error.message})`));
      }),
    );
    req.on("response", (res) => {
      answered = true;
      const status = res.statusCode ?? 0;
      const location = status >= 300 && status < 400 ? (res.headers.location ?? null) : null;
      if (status < 200 || status >= 300) {
        settle(() => resolve({ status, location }));
        return;
      }
      let remaining = policy.maxBytes;
      res.on("data", (chunk: Buffer) => {
        if (settled) return;
        const taken = chunk.length > remaining ? chunk.subarray(0, remaining) : chunk;
        remaining -= taken.length;
        if (sink(taken) || remaining === 0) settle(() => resolve({ status, location }));
      });
      res.on("end", () => settle(() => resolve({ status, location })));
      res.on("error", (error) => settle(() => reject(new AssetFetchError(`download failed (${error.message})`))));
    });
    req.end();
  });
}

/**
 * Streams the start of a remote file into `sink` under an SSRF policy: vetted addresses only,
 * every redirect re-vetted, at most `maxRedirects` hops, one deadline for name resolution,
 * connecting and reading, and a byte cap. Reading stops as soon as `sink` returns true.
 */
export async function streamPrefix(rawUrl: string, policy: FetchPolicy, sink: (chunk: Buffer) => boolean): Promise<void> {
  const deadline = Date.now() + policy.timeoutMs;
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new AssetFetchError("is not a valid URL");
  }
  for (let hop = 0; ; hop++) {
    const address = await vetTarget(url, policy, deadline);
    const response = await request(url, address, policy, deadline, sink).catch((error: unknown) => {
      if (error instanceof StaleSocketError) return request(url, address, policy, deadline, sink);
      throw error;
    });
    if (response.status >= 300 && response.status < 400) {
      if (!response.location) throw new AssetFetchError(`redirect without a location (HTTP ${response.status})`);
      if (hop >= policy.maxRedirects) throw new AssetFetchError(`more than ${policy.maxRedirects} redirects`);
      url = redirectTarget(response.location, url);
      continue;
    }
    if (response.status < 200 || response.status >= 300) throw new AssetFetchError(`returned HTTP ${response.status}`);
    return;
  }
}

function redirectTarget(location: string, base: URL): URL {
  try {
    return new URL(location, base);
  } catch {
    throw new AssetFetchError(`redirected to an invalid URL (${JSON.stringify(location.slice(0, 100))})`);
  }
}
