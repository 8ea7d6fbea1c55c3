import type { Developer } from "@/db/schema";
import { findDeveloperByYaptureUserId, followAccountEmail } from "@/lib/developers/service";
import type { ApiKeyScope } from "@/lib/core/enums";
import { ApiError } from "@/lib/core/errors";
import type { Operation } from "@/lib/validation/operation";

import { authenticate } from "@/lib/auth/caller";
import { type Caller } from "@/lib/callers/caller";
import { insufficientScope } from "@/lib/callers/challenges";

import { route, type NextRouteHandler, type RequestContext, type RouteParams } from "./route";

export type DeveloperCaller = { caller: Caller; developer: Developer };
export type DeveloperContext<P extends RouteParams> = RequestContext<P> & DeveloperCaller;

/** What a developer endpoint asks of its caller: an API key's scope (`null`: any valid key) and the standings it accepts. */
type DeveloperOptions = { scope: ApiKeyScope | null } & Pick<Operation, "allowUnverified" | "allowInactiveOwner">;

async function developerOf(caller: Caller): Promise<Developer> {
  if (caller.kind === "api_key") return caller.developer;
  const developer = await findDeveloperByYaptureUserId(caller.identity.sub);
  if (!developer) {
    throw new ApiError("not_found", "this Yapture account has no developer profile; register with POST /api/dev/register");
  }
  return followAccountEmail(developer, caller.identity);
}

function assertStanding(developer: Developer, caller: Caller, options: DeveloperOptions): void {
  const inactiveAllowed = (status: "SUSPENDED" | "REJECTED") =>
    caller.kind === "yapture" && options.allowInactiveOwner?.includes(status) === true;
  if (developer.status === "SUSPENDED" && !inactiveAllowed("SUSPENDED")) {
    throw new ApiError("developer_suspended", "this developer account is suspended");
  }
  if (developer.status === "REJECTED" && !inactiveAllowed("REJECTED")) {
    throw new ApiError("developer_rejected", "this developer account was not approved");
  }
  if (!options.allowUnverified && developer.status !== "VERIFIED") {
    throw new ApiError("developer_not_verified", "an administrator has not verified this developer account yet");
  }
}

/**
 * The developer calling (never undefined for the handler): authenticated, their developer loaded,
 * their standing and the API key's scope checked. Keys and apps need an administrator-verified
 * developer; only the profile's own endpoints accept others.
 */
export async function authenticateDeveloper(context: RequestContext, options: DeveloperOptions): Promise<DeveloperCaller> {
  const caller = await authenticate(context.request);
  const developer = await developerOf(caller);
  // One quota per developer, whichever key, token or session it calls with; counted before the
  // standing and scope checks, so refused requests cannot be sent without limit either.
  await context.limit("developerApi", developer.id);
  assertStanding(developer, caller, options);
  if (caller.kind === "api_key" && options.scope && !caller.key.scopes.includes(options.scope)) {
    throw insufficientScope(options.scope);
  }
  return { caller, developer };
}

/** The wrapper of a developer's page-side endpoint that is not an API operation (the portal's image preview). */
export function withDeveloper<P extends RouteParams = RouteParams>(
  options: DeveloperOptions,
  handler: (context: DeveloperContext<P>) => Promise<Response>,
): NextRouteHandler {
  return route<P>(async (context) => handler({ ...context, ...(await authenticateDeveloper(context, options)) }));
}
