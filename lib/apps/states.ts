import { apps } from "@/db/schema";
import type { AppStatus } from "@/lib/core/enums";
import type { StateMachine } from "@/lib/state/machine";
import { stateTransitions } from "@/lib/state/transition";

// The app review lifecycle (contract section 6): the states each action starts from.

export const APP_STATES = {
  entity: "app",
  from: {
    edit: ["DRAFT", "REJECTED"],
    submit: ["DRAFT", "REJECTED"],
    withdraw: ["PENDING"],
    delete: ["DRAFT", "REJECTED", "PENDING"],
    approve: ["PENDING"],
    reject: ["PENDING"],
    unpublish: ["APPROVED"],
    republish: ["UNPUBLISHED"],
    feature: ["APPROVED"],
    // Prepare or approve the next version while this one stays as it is.
    revise: ["APPROVED", "UNPUBLISHED"],
    // Who sees it (docs/visibility.md): narrowing applies at once; widening a live listing past
    // what was reviewed sends it back to review.
    setVisibility: ["DRAFT", "REJECTED", "APPROVED", "UNPUBLISHED"],
  },
  refusals: {
    APPROVED: {
      edit: "approved apps cannot be changed directly; prepare an update with POST /api/dev/apps/{id}/revision",
      delete: "approved apps cannot be deleted",
      submit: "the app is already approved",
    },
    PENDING: {
      edit: "the app is being reviewed and cannot be changed until the review ends",
      setVisibility: "the app is being reviewed; withdraw it to change who sees it",
      submit: "the app is already waiting for review",
    },
    UNPUBLISHED: {
      submit: "unpublished apps cannot be resubmitted; prepare an update with POST /api/dev/apps/{id}/revision",
      edit: "unpublished apps cannot be changed directly; prepare an update with POST /api/dev/apps/{id}/revision",
    },
  },
} as const satisfies StateMachine<AppStatus, string>;

export type AppAction = keyof typeof APP_STATES.from;

export const appTransitions = stateTransitions(apps, APP_STATES);
