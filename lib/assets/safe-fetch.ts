import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";

export type Resolver = (hostname: string) => Promise<string[]>;

export type FetchPolicy = {
  /** URL schemes that may be fetched, e.g. ["https:"]. */
  protocols: readonly string[];
  /** Whether an address may be connected to; public unicast only, unless private fetching is allowed. */
  isAllowedAddress: (address: string) => boolean;
  maxRedirects: number;
  timeoutMs: number;
  maxBytes: number;
  /** How host names become addresses; the system resolver unless a test supplies its own. */
  resolve?: Resolver;
};

export class AssetFetchError extends Error {}

const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/** Checks the URL and resolves its host to one address that policy allows; nothing is connected yet. */
async function vetTarget(url: URL, policy: FetchPolicy): Promise<string> {
  if (!policy.protocols.includes(url.protocol)) throw new AssetFetchError("must be an https:// URL");
  if (url.username || url.password) throw new AssetFetchError("must not contain credentials");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await (policy.resolve ?? systemResolver)(host);
    } catch {
      throw new AssetFetchError(`host ${host} could not be resolved`);
    }
  }
  if (addresses.length === 0) throw new AssetFetchError(`host ${host} could not be resolved`);
  // Every address must be acceptable: a name that also resolves to a private address is refused.
  if (addresses.some((address) => !policy.isAllowedAddress(address))) {
    throw new AssetFetchError(`host ${host} resolves to a private or reserved address`);
  }
  return addresses[0]!;
}

type Hop = { status: number; location: string | null; body: Buffer };

/** One request to the vetted address (never re-resolved, so DNS rebinding cannot redirect it). */
function request(url: URL, address: string, policy: FetchPolicy, deadline: number, enough: (bytes: Buffer) => boolean): Promise<Hop> {
  return new Promise((resolve, reject) => {
    const family = isIP(address);
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
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
    const finish = (fn: () => void) => {
      clearTimeout(timer);
      fn();
    };
    req.on("timeout", () => req.destroy(new AssetFetchError("timed out")));
    req.on("error", (error) =>
      finish(() => reject(error instanceof AssetFetchError ? error : new AssetFetchError(`could not be fetched (${(error as NodeJS.ErrnoException).code ?? error.message})`))),
    );
    req.on("response", (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400) {
        res.resume();
        finish(() => resolve({ status, location: res.headers.location ?? null, body: Buffer.alloc(0) }));
        req.destroy();
        return;
      }
      const chunks: Buffer[] = [];
      let total = 0;
      let settled = false;
      const done = () => {
        if (settled) return;
        settled = true;
        finish(() => resolve({ status, location: null, body: Buffer.concat(chunks) }));
        req.destroy();
      };
      res.on("data", (chunk: Buffer) => {
        if (settled) return;
        chunks.push(chunk);
        total += chunk.length;
        if (total >= policy.maxBytes || (status < 300 && enough(Buffer.concat(chunks)))) done();
      });
      res.on("end", done);
      res.on("error", (error) => finish(() => reject(new AssetFetchError(`download failed (${error.message})`))));
    });
    req.end();
  });
}

/**
 * Fetches the start of a remote file under an SSRF policy: vetted addresses only, every redirect
 * re-vetted, at most `maxRedirects` hops, a deadline and a byte cap. Reading stops as soon as
 * `enough(bytes)` says so.
 */
export async function fetchPrefix(rawUrl: string, policy: FetchPolicy, enough: (bytes: Buffer) => boolean): Promise<Buffer> {
  const deadline = Date.now() + policy.timeoutMs;
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new AssetFetchError("is not a valid URL");
  }
  for (let hop = 0; ; hop++) {
    const address = await vetTarget(url, policy);
    const response = await request(url, address, policy, deadline, enough);
    if (response.status >= 300 && response.status < 400) {
      if (!response.location) throw new AssetFetchError(`redirect without a location (HTTP ${response.status})`);
      if (hop >= policy.maxRedirects) throw new AssetFetchError(`more than ${policy.maxRedirects} redirects`);
      url = new URL(response.location, url);
      continue;
    }
    if (response.status < 200 || response.status >= 300) throw new AssetFetchError(`returned HTTP ${response.status}`);
    return response.body;
  }
}
