import { developers, type Developer } from "@/db/schema";
import type { DeveloperStatus } from "@/lib/domain/enums";
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
  },
} as const satisfies StateMachine<DeveloperStatus, string>;

export type DeveloperAction = keyof typeof DEVELOPER_STATES.from;

export const developerTransitions = stateTransitions<Developer, typeof developers.$inferInsert, DeveloperStatus, DeveloperAction>(developers, DEVELOPER_STATES);
