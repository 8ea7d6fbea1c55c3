import { appRevisions } from "@/db/schema";
import type { RevisionStatus } from "@/lib/core/enums";
import type { StateMachine } from "@/lib/state/machine";
import { stateTransitions } from "@/lib/state/transition";

// The review lifecycle of an update to a live app: the states each action starts from.

export const REVISION_STATES = {
  entity: "revision",
  from: {
    edit: ["DRAFT", "REJECTED"],
    submit: ["DRAFT", "REJECTED"],
    withdraw: ["PENDING"],
    discard: ["DRAFT", "REJECTED"],
    approve: ["PENDING"],
    reject: ["PENDING"],
  },
  refusals: {
    APPROVED: {
      edit: "this update is already approved and live; start the next one with POST /api/dev/apps/{id}/revision",
      submit: "this update is already approved and live; start the next one with POST /api/dev/apps/{id}/revision",
      withdraw: "this update was approved meanwhile and is live",
      discard: "this update was approved meanwhile and is live",
      approve: "this update is already approved",
      reject: "this update was approved meanwhile",
    },
    PENDING: {
      edit: "the update is being reviewed and cannot be changed; withdraw it first",
      submit: "the update is already waiting for review",
      discard: "the update is being reviewed; withdraw it before discarding it",
    },
  },
} as const satisfies StateMachine<RevisionStatus, string>;

export type RevisionAction = keyof typeof REVISION_STATES.from;

export const revisionTransitions = stateTransitions(appRevisions, REVISION_STATES);
