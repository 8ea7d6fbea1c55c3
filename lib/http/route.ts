import { rateLimitHeaders, type RateLimitState } from "@/lib/rate-limit/headers";
import { consume, RateLimitedError } from "@/lib/rate-limit/limiter";
import type { PolicyName } from "@/lib/rate-limit/policies";

import { clientAddressOf } from "@/lib/core/client-address";
import { ApiError } from "@/lib/core/errors";
import { allowHeader, ROUTE_METHODS, type RouteMethod } from "./methods";
import { assertPathParams } from "./path-params";
import { problemResponse } from "./problem";
import { REQUEST_ID_HEADER, requestIdFor } from "./request-id";

export type RouteParams = Record<string, string>;

/** What every handler receives. Wrappers for authenticated callers extend it. */
export type RequestContext<P extends RouteParams = RouteParams> = {
  request: Request;
  params: P;
  requestId: string;
  /** The caller's network address (lib/core/client-address.ts). */
  clientAddress: string;
  /**
   * Takes one request (or `points`) from `key`'s quota under a policy: 429 when it is used up. The
   * response carries the rate-limit headers either way, one list item per policy the request counted against.
   */
  limit: (policy: PolicyName, key: string, points?: number) => Promise<void>;
};

/** The signature Next.js calls a route handler export with. */
export type NextRouteHandler = (request: Request, context: { params: Promise<unknown> }) => Promise<Response>;

function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    // Immutable headers (a fetched Response): copy it.
    const copy = new Response(response.body, response);
    copy.headers.set(name, value);
    return copy;
  }
}

/**
 * The base of every API route: gives the handler its params (404 when an id or slug is malformed)
 * and request id, maps anything thrown to problem+json, and stamps X-Request-Id on every response.
 */
export function route<P extends RouteParams = RouteParams>(handler: (context: RequestContext<P>) => Promise<Response>): NextRouteHandler {
  return async (request, context) => {
    const requestId = requestIdFor(request);
    const limits: RateLimitState[] = [];
    const limit = async (policy: PolicyName, key: string, points?: number) => {
      const state = await consume(policy, key, points);
      if (state) limits.push(state);
    };
    let response: Response;
    try {
      const params = ((await context?.params) ?? {}) as P;
      assertPathParams(params);
      response = await handler({ request, params, requestId, clientAddress: clientAddressOf(request), limit });
    } catch (error) {
      // A 429 from any policy (also one checked outside `limit`, like failed authentication).
      if (error instanceof RateLimitedError) limits.push(error.state);
      response = problemResponse(error, requestId);
    }
    for (const [name, value] of Object.entries(rateLimitHeaders(limits))) response = withHeader(response, name, value);
    return withHeader(response, REQUEST_ID_HEADER, requestId);
  };
}

/** The wrapper of the public GETs (/api/apps…): the public read limit, per client address. */
export function publicGet<P extends RouteParams = RouteParams>(
  handler: (context: RequestContext<P>) => Promise<Response>,
): NextRouteHandler {
  return route<P>(async (context) => {
    await context.limit("publicRead", context.clientAddress);
    return handler(context);
  });
}

/** Marks the 405 handlers, so tooling (the API contract test) can tell them from real endpoints. */
export const METHOD_NOT_ALLOWED: unique symbol = Symbol.for("marketplace.method-not-allowed");

/**
 * Handlers for the methods a path does not support: 405 problem+json with `Allow`.
 * `export const { PUT, PATCH, DELETE } = otherMethods(["GET", "POST"]);`
 */
export function otherMethods(allowed: readonly RouteMethod[]): Record<RouteMethod, NextRouteHandler> {
  const allow = allowHeader(allowed);
  const refuse = route(async ({ request }) => {
    throw new ApiError("method_not_allowed", `${request.method} is not supported here; use ${allowed.join(" or ")}`, {
      headers: { allow },
    });
  });
  Object.assign(refuse, { [METHOD_NOT_ALLOWED]: true });
  return Object.fromEntries(ROUTE_METHODS.map((method) => [method, refuse])) as Record<RouteMethod, NextRouteHandler>;
}
