import { developerProfileChanges } from "@/db/schema";
import type { ProfileChangeStatus } from "@/lib/core/enums";
import type { StateMachine } from "@/lib/state/machine";
import { stateTransitions } from "@/lib/state/transition";

// The review of a verified developer's profile change: the states each action starts from.
export const PROFILE_CHANGE_STATES = {
  entity: "profile change",
  from: {
    // The developer's: take the change back, or replace it with a newer one.
    withdraw: ["PENDING"],
    approve: ["PENDING"],
    reject: ["PENDING"],
  },
  refusals: {
    APPROVED: {
      withdraw: "this profile change was approved meanwhile and is public",
      approve: "this profile change is already approved and public",
      reject: "this profile change was approved meanwhile and is public",
    },
    REJECTED: {
      withdraw: "this profile change was rejected; nothing waits for review",
      approve: "this profile change was rejected",
      reject: "this profile change is already rejected",
    },
    WITHDRAWN: {
      withdraw: "this profile change is already withdrawn",
      approve: "the developer withdrew or replaced this profile change; review their current one",
      reject: "the developer withdrew or replaced this profile change; review their current one",
    },
  },
} as const satisfies StateMachine<ProfileChangeStatus, string>;

export const profileChangeTransitions = stateTransitions(developerProfileChanges, PROFILE_CHANGE_STATES);
