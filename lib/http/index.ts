export { ApiError, ERROR_CODES, notFound, type ErrorCode, type FieldError } from "./errors";
export { readBody, readJson, validate, MAX_BODY_BYTES } from "./body";
export { parseQuery } from "./query";
export { json, noContent } from "./responses";
export { route, otherMethods, type RequestContext, type NextRouteHandler, type RouteParams } from "./route";
export { pagingQuery, paged, offsetOf, type Paging } from "./paging";
