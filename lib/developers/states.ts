import { developers } from "@/db/schema";
import type { DeveloperStatus } from "@/lib/core/enums";
import type { StateMachine } from "@/lib/state/machine";
import { stateTransitions } from "@/lib/state/transition";

// Developer verification (contract section 4): the states each administrator action starts from.
export const DEVELOPER_STATES = {
  entity: "developer",
  from: {
    // A rejected developer may be given a second chance.
    verify: ["PENDING_VERIFICATION", "REJECTED"],
    reject: ["PENDING_VERIFICATION"],
    suspend: ["VERIFIED"],
    reinstate: ["SUSPENDED"],
    // The developer's own action: after fixing the profile, back into the verification queue.
    resubmit: ["REJECTED"],
  },
  refusals: {
    PENDING_VERIFICATION: { resubmit: "the account is already waiting for verification" },
    VERIFIED: { resubmit: "the account is already verified" },
    SUSPENDED: { resubmit: "a suspended account is reinstated by an administrator, not resubmitted" },
  },
} as const satisfies StateMachine<DeveloperStatus, string>;

export type DeveloperAction = keyof typeof DEVELOPER_STATES.from;

export const developerTransitions = stateTransitions(developers, DEVELOPER_STATES);
