import { ApiError } from "@/lib/core/errors";
import { allowHeader, NEXT_METHODS, ROUTE_METHODS } from "@/lib/http/methods";

import { optionsAnswer, problemAnswer } from "./early-answers";

// What the production server (scripts/serve.ts) settles from the request line alone, before Next
// sees a request: Next fails on a TRACE with a 500 (the Fetch API cannot build such a Request),
// renders a page for any method at all (PUT /apps is a 200), and answers an absolute-form target
// (`GET http://evil.example/ HTTP/1.1`) with a redirect to that other host.

export type RequestLineVerdict = { target: string } | { answer: Response };

const ABSOLUTE_FORM = /^https?:\/\/[^/?#]*/i;
/**
 * The tools of `next dev` (its error overlay and MCP endpoint POST): Next decides their methods, and
 * production has no such paths. Next's built files are not among them: a PUT there is a 500.
 */
const NEXT_DEV_TOOLS = ["/__nextjs", "/_next/mcp"];

/** The request target as a path on this host: origin-form as sent, absolute-form without its scheme and authority, else null. */
export function originFormOf(target: string): string | null {
  if (target.startsWith("/")) return target;
  const authority = ABSOLUTE_FORM.exec(target);
  if (!authority) return null;
  const rest = target.slice(authority[0].length);
  return rest.startsWith("/") ? rest : `/${rest}`;
}

const isApiPath = (pathname: string) => pathname.startsWith("/api/");

/** Whether Next should have the request: an API route answers each method Next knows, except OPTIONS (below); a page or file GET and HEAD. */
function nextAnswers(method: string, pathname: string): boolean {
  if (!NEXT_METHODS.has(method)) return false;
  if (isApiPath(pathname)) return method !== "OPTIONS";
  return method === "GET" || method === "HEAD" || NEXT_DEV_TOOLS.some((prefix) => pathname.startsWith(prefix));
}

export async function checkRequestLine({
  method,
  target,
  requestId,
}: {
  method: string;
  target: string;
  requestId: string;
}): Promise<RequestLineVerdict> {
  if (target === "*") {
    // Asterisk-form asks about the server as a whole, and only OPTIONS may (RFC 9112 3.2.4).
    if (method === "OPTIONS") return { answer: optionsAnswer(allowHeader(ROUTE_METHODS), requestId) };
    return { answer: problemAnswer(new ApiError("bad_request", "only OPTIONS may have the request target *"), requestId) };
  }
  const path = originFormOf(target);
  if (path === null) {
    return { answer: problemAnswer(new ApiError("bad_request", "the request target must be a path or an http(s) URL"), requestId) };
  }
  const pathname = path.replace(/[?#].*$/s, "");
  if (nextAnswers(method, pathname)) return { target: path };

  // Read only now: the operations (and their schemas) are not loaded for the requests Next answers.
  const { allowedMethodsOf } = await import("@/lib/openapi/allowed-methods");
  const allowed = allowedMethodsOf(pathname);
  if (allowed === null) return { answer: problemAnswer(new ApiError("not_found", "API endpoint not found"), requestId) };
  const allow = allowHeader(allowed);
  // OPTIONS is answered here everywhere: Next's own lists the 405 handlers of a route file as if they were methods it supports.
  if (method === "OPTIONS") return { answer: optionsAnswer(allow, requestId) };
  const refusal = new ApiError("method_not_allowed", `${method} is not supported here; use ${allowed.join(" or ")}`, {
    headers: { allow },
  });
  return { answer: problemAnswer(refusal, requestId) };
}
