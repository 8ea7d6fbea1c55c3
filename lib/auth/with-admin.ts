import { ApiError, route, type NextRouteHandler, type RequestContext, type RouteParams } from "@/lib/http";

import { authenticate } from "./caller";
import { isAdministrator, type YaptureIdentity } from "./identity";

export type AdminContext<P extends RouteParams> = RequestContext<P> & { admin: YaptureIdentity };

/** The wrapper of every /api/admin endpoint: a Yapture user listed in ADMIN_EMAILS; API keys never qualify. */
export function withAdmin<P extends RouteParams = RouteParams>(handler: (context: AdminContext<P>) => Promise<Response>): NextRouteHandler {
  return route<P>(async (context) => {
    const caller = await authenticate(context.request);
    if (caller.kind !== "yapture") throw new ApiError("forbidden", "API keys cannot use the administrator API");
    if (!isAdministrator(caller.identity)) throw new ApiError("forbidden", "administrators only (with a verified Yapture email)");
    return handler({ ...context, admin: caller.identity });
  });
}
