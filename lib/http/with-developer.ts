import type { Developer } from "@/db/schema";
import { findDeveloperByYaptureUserId, followAccountEmail } from "@/lib/developers/service";
import type { ApiKeyScope } from "@/lib/core/enums";
import { ApiError } from "@/lib/core/errors";
import { route, type NextRouteHandler, type RequestContext, type RouteParams } from "@/lib/http";

import { authenticate } from "@/lib/auth/caller";
import { type Caller } from "@/lib/callers/caller";
import { insufficientScope } from "@/lib/callers/challenges";

export type DeveloperContext<P extends RouteParams> = RequestContext<P> & { caller: Caller; developer: Developer };

type DeveloperOptions = {
  /** Scope an API key must carry; `null` accepts any valid key. Tokens and sessions have every scope. */
  scope: ApiKeyScope | null;
  /** Keys and apps need an administrator-verified developer; only the profile endpoints do not. */
  allowUnverified?: boolean;
  /**
   * Inactive standings in which the owner, signed in with Yapture (not with an API key), may still
   * use this endpoint: reading the profile (both), correcting it and asking for another review
   * (rejected only; a suspension is lifted by an administrator).
   */
  allowInactiveOwner?: readonly ("SUSPENDED" | "REJECTED")[];
};

/** The scope a developer handler declared, for the contract test that compares it with the OpenAPI document. */
export const DECLARED_SCOPE: unique symbol = Symbol.for("marketplace.declared-scope");

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
 * The wrapper of every /api/dev endpoint except registration: authenticates, loads the caller's
 * developer (never undefined in the handler), checks standing and the API key's scope.
 */
export function withDeveloper<P extends RouteParams = RouteParams>(
  options: DeveloperOptions,
  handler: (context: DeveloperContext<P>) => Promise<Response>,
): NextRouteHandler {
  const wrapped = route<P>(async (context) => {
    const caller = await authenticate(context.request);
    const developer = await developerOf(caller);
    // One quota per developer, whichever key, token or session it calls with; counted before the
    // standing and scope checks, so refused requests cannot be sent without limit either.
    await context.limit("developerApi", developer.id);
    assertStanding(developer, caller, options);
    if (caller.kind === "api_key" && options.scope && !caller.key.scopes.includes(options.scope)) {
      throw insufficientScope(options.scope);
    }
    return handler({ ...context, caller, developer });
  });
  return Object.assign(wrapped, { [DECLARED_SCOPE]: options.scope });
}
