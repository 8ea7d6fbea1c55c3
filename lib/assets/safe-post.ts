import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";

import { AssetFetchError, vetTarget, type FetchPolicy } from "./safe-fetch";

export type PostAnswer = { status: number; excerpt: string };

/**
 * One POST under an SSRF policy (webhook deliveries): the host resolved now and every address
 * vetted, the connection pinned to the vetted one (DNS cannot change it afterwards), no redirect
 * followed (a 3xx is the answer), one deadline for resolution, connecting and the answer, and at
 * most `maxBytes` of the answer's body read. Rejects with AssetFetchError on anything but an answer.
 */
export async function postOnce(
  rawUrl: string,
  policy: Omit<FetchPolicy, "maxRedirects">,
  { headers, body }: { headers: Record<string, string>; body: string },
): Promise<PostAnswer> {
  const deadline = Date.now() + policy.timeoutMs;
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new AssetFetchError("is not a valid URL");
  }
  const address = await vetTarget(url, { ...policy, maxRedirects: 0 }, deadline);
  return new Promise((resolve, reject) => {
    const family = isIP(address);
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all)
        (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
      else callback(null, address, family);
    };
    const payload = Buffer.from(body);
    const client = url.protocol === "https:" ? https : http;
    const req = client.request(url, {
      method: "POST",
      lookup: pinned,
      agent: false,
      headers: { ...headers, "content-length": String(payload.length) },
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
    req.on("error", (error) =>
      settle(() =>
        reject(
          error instanceof AssetFetchError
            ? error
            : new AssetFetchError(`could not be reached (${(error as NodeJS.ErrnoException).code ?? error.message})`),
        ),
      ),
    );
    req.on("response", (res) => {
      const status = res.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let remaining = policy.maxBytes;
      const done = () => settle(() => resolve({ status, excerpt: Buffer.concat(chunks).toString("utf8") }));
      res.on("data", (chunk: Buffer) => {
        if (settled) return;
        const taken = chunk.length > remaining ? chunk.subarray(0, remaining) : chunk;
        chunks.push(taken);
        remaining -= taken.length;
        if (remaining === 0) done();
      });
      res.on("end", done);
      res.on("error", done);
    });
    req.end(payload);
  });
}
