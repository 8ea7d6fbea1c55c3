import { ApiError } from "@/lib/core/errors";
import { route, type NextRouteHandler, type RequestContext, type RouteParams } from "@/lib/http";

import { isAdministrator, type YaptureIdentity } from "@/lib/callers/identity";
import { authenticateYaptureUser } from "./with-yapture-user";

export type AdminContext<P extends RouteParams> = RequestContext<P> & { admin: YaptureIdentity };

/** The wrapper of every /api/admin endpoint: a Yapture user with a verified email listed in ADMIN_EMAILS. */
export function withAdmin<P extends RouteParams = RouteParams>(handler: (context: AdminContext<P>) => Promise<Response>): NextRouteHandler {
  return route<P>(async (context) => {
    const identity = await authenticateYaptureUser(context.request);
    if (!isAdministrator(identity)) throw new ApiError("forbidden", "administrators only (with a verified Yapture email)");
    return handler({ ...context, admin: identity });
  });
}
