import type { IncomingMessage, ServerResponse } from "node:http";

import { CATALOGUE } from "@/lib/catalogue/operations";
import { searchOptionsOf } from "@/lib/catalogue/queries";
import { searchLineIsFull, searchLineRefusal } from "@/lib/catalogue/search/admission";
import { answeredWithoutTheLine } from "@/lib/catalogue/search/remembered";
import { clientAddressOf } from "@/lib/core/client-address";
import type { ApiError } from "@/lib/core/errors";
import { handle } from "@/lib/http/handle";
import { parseQuery } from "@/lib/http/query";
import { deploymentSecurityHeaders } from "@/lib/security/deployment-headers";

// A search the process's line cannot take, turned away in front of Next (issue 49). While the search
// line is full (lib/catalogue/search/admission.ts), every search not answered from memory is
// refused, 503 with Retry-After: through Next's route pipeline that refusal cost as much server
// time as GET /api/health (~1.5 ms), so under a flood of searches nobody asked before a third of
// the server went to saying "busy" (docs/benchmarks.md). At the door it costs a fraction of that.
//
// The answer is the route's own: the same operation (GET /api/apps) with its limits counted, its
// problem body, request id and rate-limit headers, proxy.ts's security headers and the `Vary` Next
// adds; only the work is "refuse", with the refusal the line gives now. Anything else (no search,
// a query the route would answer 400, a search remembered or under way, a line with room) goes on
// to Next, uncounted here.

/** What Next adds to every App Router answer: the door's says the same, so a cache in front sees one resource. */
const NEXT_VARY = "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch";

const refusals = new WeakMap<Request, ApiError>();
const { GET: refuse } = handle(CATALOGUE.list, async ({ request }) => {
  throw refusals.get(request)!;
});

/** The search `request` asks the line for, and the line's refusal of it now; undefined when Next should answer it. */
function refusalAtTheDoor(request: IncomingMessage): { asked: Request; refusal: ApiError } | undefined {
  if (!searchLineIsFull() || (request.method !== "GET" && request.method !== "HEAD")) return undefined;
  const target = request.url ?? "/";
  if (!target.startsWith(`${CATALOGUE.list.path}?`) || !target.includes("search=")) return undefined;
  let asked: Request;
  let options;
  // Whatever the door cannot read as the route would (a header, a query), Next answers as usual.
  try {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) if (value !== undefined) headers.set(name, String(value));
    asked = new Request(new URL(target, "http://door"), { method: request.method, headers });
    if (new URL(asked.url).pathname !== CATALOGUE.list.path) return undefined;
    options = searchOptionsOf(parseQuery(asked, CATALOGUE.list.query));
  } catch {
    return undefined;
  }
  if (options === undefined || answeredWithoutTheLine(options)) return undefined;
  const refusal = searchLineRefusal(clientAddressOf(asked));
  return refusal && { asked, refusal };
}

/** Answers `request` at the door if the search line would refuse it (true), or leaves it to Next (false). */
export async function refusedAtTheDoor(request: IncomingMessage, response: ServerResponse): Promise<boolean> {
  const found = refusalAtTheDoor(request);
  if (!found) return false;
  refusals.set(found.asked, found.refusal);
  const answer = await refuse(found.asked, { params: Promise.resolve({}) });
  const body = request.method === "HEAD" ? undefined : Buffer.from(await answer.arrayBuffer());
  answer.headers.forEach((value, name) => response.setHeader(name, value));
  for (const [name, value] of Object.entries(deploymentSecurityHeaders())) response.setHeader(name, value);
  response.setHeader("vary", NEXT_VARY);
  if (body) response.setHeader("content-length", body.length);
  response.writeHead(answer.status);
  response.end(body);
  return true;
}
