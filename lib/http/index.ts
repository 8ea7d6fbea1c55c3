export { parseQuery } from "./query";
export { csvFile, json, noContent } from "./responses";
export { route, publicGet, otherMethods, type NextRouteHandler } from "./route";
export { paged, pagedJsonBody } from "./paging";
