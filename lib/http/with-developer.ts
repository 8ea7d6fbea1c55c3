import type { Developer, PublisherMember } from "@/db/schema";
import { followAccountEmail } from "@/lib/developers/service";
import { MEMBER_ROLE_LABELS, type ApiKeyScope } from "@/lib/core/enums";
import { ApiError } from "@/lib/core/errors";
import type { Access } from "@/lib/members/access";
import { keyAccess, memberAccess, membershipOf, PUBLISHER_HEADER } from "@/lib/members/membership";
import { PUBLISHER_COOKIE } from "@/lib/members/publisher-cookie";
import { followMemberAccount } from "@/lib/members/team";
import type { Operation } from "@/lib/validation/operation";

import { authenticate } from "@/lib/auth/caller";
import { type Caller } from "@/lib/callers/caller";
import { insufficientScope } from "@/lib/callers/challenges";

import { route, type NextRouteHandler, type RequestContext, type RouteParams } from "./route";

/**
 * Who calls a developer endpoint: the credentials, the publisher (developer account) they act for,
 * the member when a person calls (null for an API key), and what they reach (`access`).
 */
export type DeveloperCaller = { caller: Caller; developer: Developer; member: PublisherMember | null; access: Access };
export type DeveloperContext<P extends RouteParams> = RequestContext<P> & DeveloperCaller;

/**
 * What a developer endpoint asks of its caller: an API key's scope (`null`: any valid key), the
 * members' roles that may call it, and the standings it accepts.
 */
type DeveloperOptions = { scope: ApiKeyScope | null } & Pick<Operation, "allowUnverified" | "allowInactiveOwner" | "roles" | "personOnly">;

function namedPublisher(request: Request, caller: Caller): string | undefined {
  const header = request.headers.get(PUBLISHER_HEADER)?.trim();
  if (header) return header;
  if (caller.kind !== "yapture" || caller.via !== "session") return undefined;
  const cookie = request.headers
    .get("cookie")
    ?.split(";")
    .map((part) => part.trim().split("="))
    .find(([name]) => name === PUBLISHER_COOKIE)?.[1];
  return cookie ? decodeURIComponent(cookie) : undefined;
}

async function publisherOf(request: Request, caller: Caller): Promise<Omit<DeveloperCaller, "caller">> {
  if (caller.kind === "api_key") return { developer: caller.developer, member: null, access: keyAccess(caller.key) };
  const membership = await membershipOf(caller.identity.sub, namedPublisher(request, caller));
  if (!membership) {
    throw new ApiError("not_found", "this Yapture account has no developer profile; register with POST /api/dev/register");
  }
  // The account's contact owner's email follows their Yapture account.
  const developer =
    membership.developer.yaptureUserId === caller.identity.sub
      ? await followAccountEmail(membership.developer, caller.identity)
      : membership.developer;
  const member = await followMemberAccount(membership.member, caller.identity);
  return { developer, member, access: memberAccess({ developer, member }) };
}

function assertAllowed(member: PublisherMember | null, caller: Caller, options: DeveloperOptions): void {
  if (options.personOnly && caller.kind === "api_key") {
    throw new ApiError("forbidden", "this endpoint needs a person signed in with Yapture; API keys cannot manage the account's members");
  }
  if (member && options.roles && !options.roles.includes(member.role)) {
    throw new ApiError("forbidden", `your role in this developer account (${MEMBER_ROLE_LABELS[member.role]}) cannot do this`);
  }
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
 * The developer calling (never undefined for the handler): authenticated, the developer account
 * they act for loaded, its standing, the member's role and the API key's scope checked. Keys and apps need an administrator-verified
 * developer; only the profile's own endpoints accept others.
 */
export async function authenticateDeveloper(context: RequestContext, options: DeveloperOptions): Promise<DeveloperCaller> {
  const caller = await authenticate(context.request);
  const publisher = await publisherOf(context.request, caller);
  // One quota per developer account, whichever key, token or session it calls with; counted before
  // the standing, role and scope checks, so refused requests cannot be sent without limit either.
  await context.limit("developerApi", publisher.developer.id);
  assertStanding(publisher.developer, caller, options);
  assertAllowed(publisher.member, caller, options);
  if (caller.kind === "api_key" && options.scope && !caller.key.scopes.includes(options.scope)) {
    throw insufficientScope(options.scope);
  }
  return { caller, ...publisher };
}

/** The wrapper of a developer's page-side endpoint that is not an API operation (the portal's image preview). */
export function withDeveloper<P extends RouteParams = RouteParams>(
  options: DeveloperOptions,
  handler: (context: DeveloperContext<P>) => Promise<Response>,
): NextRouteHandler {
  return route<P>(async (context) => handler({ ...context, ...(await authenticateDeveloper(context, options)) }));
}
