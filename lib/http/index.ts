export { ApiError, notFound, type FieldError } from "./errors";
export { readBody } from "./body";
export { parseQuery } from "./query";
export { json, noContent } from "./responses";
export { route, publicGet, otherMethods, type RequestContext, type NextRouteHandler, type RouteParams } from "./route";
export { pagingQuery, paged, pagedJsonBody, type Paging } from "./paging";
