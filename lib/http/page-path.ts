/** The request header, set by the proxy on every page request, that tells a page its own path and query. */
export const PAGE_PATH_HEADER = "x-marketplace-page-path";
