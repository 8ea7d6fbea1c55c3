export { readBody } from "./body";
export { parseQuery } from "./query";
export { json, noContent } from "./responses";
export { route, publicGet, otherMethods, type RequestContext, type NextRouteHandler, type RouteParams } from "./route";
export { paged, pagedJsonBody } from "./paging";
