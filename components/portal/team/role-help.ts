import type { MemberRole } from "@/lib/core/enums";

/** What each role may do, in people's words (lib/members/roles.ts says it for the code). */
export const ROLE_HELP: Record<MemberRole, string> = {
  OWNER: "Everything, the account's audit log and its ownership included.",
  ADMIN: "Everything but ownership: listings, keys, the profile and the team (never an owner).",
  DEVELOPER: "Creates and edits listings and their updates, reads analytics.",
  ANALYST: "Reads listings and analytics.",
  SUPPORT: "Reads listings and replies to customers' reviews.",
};
