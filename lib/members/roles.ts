import { API_KEY_SCOPES, type ApiKeyScope, type MemberRole } from "@/lib/core/enums";

// What each role of a publisher's member may do (docs/api.md, "Publisher teams"). Operations name
// the roles that may call them (`roles` in lib/validation/operation.ts) from this table, so the
// handler, the portal and the OpenAPI document say the same.

const EVERYONE: readonly MemberRole[] = ["OWNER", "ADMIN", "DEVELOPER", "ANALYST", "SUPPORT"];

export const ROLES_THAT = {
  /** Read the publisher's profile, listings, updates and reviews. */
  readListings: EVERYONE,
  /** Create, edit, submit, withdraw and delete listings and their updates. */
  editListings: ["OWNER", "ADMIN", "DEVELOPER"],
  /** Read installs, ratings and the other figures. */
  readAnalytics: ["OWNER", "ADMIN", "DEVELOPER", "ANALYST"],
  /** Read the account's events (the feed: listings, installs, reviews, the team; docs/webhooks.md). */
  readEvents: ["OWNER", "ADMIN", "DEVELOPER"],
  /** Add, change and remove webhook endpoints, rotate their secrets, read their deliveries. */
  manageWebhooks: ["OWNER", "ADMIN"],
  /** Reply to customers' reviews. */
  replyToReviews: ["OWNER", "ADMIN", "SUPPORT"],
  /** Hold API keys (each within the scopes the role may grant, below). */
  useKeys: EVERYONE,
  /** Change the public profile, ask for another review. */
  editProfile: ["OWNER", "ADMIN"],
  /** Invite, change and remove members (an ADMIN never an OWNER), and see every key of the publisher. */
  manageMembers: ["OWNER", "ADMIN"],
  /** Read the publisher's audit log, hand ownership over. */
  own: ["OWNER"],
} as const satisfies Record<string, readonly MemberRole[]>;

export const canRole = (role: MemberRole, ability: keyof typeof ROLES_THAT) =>
  (ROLES_THAT[ability] as readonly MemberRole[]).includes(role);

/** The scopes a key made by a member of `role` may hold: what the role itself may do through the API. */
export const GRANTABLE_SCOPES: Record<MemberRole, readonly ApiKeyScope[]> = {
  OWNER: API_KEY_SCOPES,
  ADMIN: API_KEY_SCOPES,
  DEVELOPER: ["APP_CREATE", "APP_READ", "APP_UPDATE", "APP_DELETE", "ANALYTICS_READ", "EVENTS_READ"],
  ANALYST: ["APP_READ", "ANALYTICS_READ"],
  SUPPORT: ["APP_READ"],
};
