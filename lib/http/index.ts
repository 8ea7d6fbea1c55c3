export { parseQuery } from "./query";
export { csvFile, json, noContent, privateJson } from "./responses";
export { route, publicGet, otherMethods, type NextRouteHandler } from "./route";
export { paged, pagedJsonBody } from "./paging";
