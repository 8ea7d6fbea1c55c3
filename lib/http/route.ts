import { ApiError } from "./errors";
import { assertPathParams } from "./path-params";
import { problemResponse } from "./problem";
import { REQUEST_ID_HEADER, requestIdFor } from "./request-id";

export type RouteParams = Record<string, string>;

/** What every handler receives. Wrappers for authenticated callers extend it. */
export type RequestContext<P extends RouteParams = RouteParams> = {
  request: Request;
  params: P;
  requestId: string;
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
export function route<P extends RouteParams = RouteParams>(
  handler: (context: RequestContext<P>) => Promise<Response>,
): NextRouteHandler {
  return async (request, context) => {
    const requestId = requestIdFor(request);
    let response: Response;
    try {
      const params = ((await context?.params) ?? {}) as P;
      assertPathParams(params);
      response = await handler({ request, params, requestId });
    } catch (error) {
      response = problemResponse(error, requestId);
    }
    return withHeader(response, REQUEST_ID_HEADER, requestId);
  };
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** Marks the 405 handlers, so tooling (the API contract test) can tell them from real endpoints. */
export const METHOD_NOT_ALLOWED: unique symbol = Symbol.for("marketplace.method-not-allowed");
type Method = (typeof METHODS)[number];

/**
 * Handlers for the methods a path does not support: 405 problem+json with `Allow`.
 * `export const { PUT, PATCH, DELETE } = otherMethods(["GET", "POST"]);`
 */
export function otherMethods(allowed: readonly Method[]): Record<Method, NextRouteHandler> {
  const allow = [...allowed, ...(allowed.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
  const refuse = route(async ({ request }) => {
    throw new ApiError("method_not_allowed", `${request.method} is not supported here; use ${allowed.join(" or ")}`, {
      headers: { allow },
    });
  });
  Object.assign(refuse, { [METHOD_NOT_ALLOWED]: true });
  return Object.fromEntries(METHODS.map((method) => [method, refuse])) as Record<Method, NextRouteHandler>;
}
