import type { AppStatus } from "@/lib/domain/enums";

// The app review lifecycle (contract section 6). Services express each transition as one
// conditional UPDATE ... WHERE status IN (from) RETURNING, so concurrent requests are settled by
// the database; these tables say which states each action starts from.

export const APP_TRANSITIONS = {
  edit: ["DRAFT", "REJECTED"],
  submit: ["DRAFT", "REJECTED"],
  delete: ["DRAFT", "REJECTED", "PENDING"],
  approve: ["PENDING"],
  reject: ["PENDING"],
  unpublish: ["APPROVED"],
  republish: ["UNPUBLISHED"],
  feature: ["APPROVED"],
} as const satisfies Record<string, readonly AppStatus[]>;

export type AppAction = keyof typeof APP_TRANSITIONS;

const REFUSALS: Partial<Record<AppStatus, Partial<Record<AppAction, string>>>> = {
  APPROVED: {
    edit: "approved apps cannot be changed; changes go through a new version",
    delete: "approved apps cannot be deleted",
    submit: "the app is already approved",
  },
  PENDING: {
    edit: "the app is being reviewed and cannot be changed until the review ends",
    submit: "the app is already waiting for review",
  },
  UNPUBLISHED: { submit: "unpublished apps cannot be resubmitted", edit: "unpublished apps cannot be changed" },
};

/** Why `action` is not allowed from `status`, for the 409 invalid_state detail. */
export function refusalReason(action: AppAction, status: AppStatus): string {
  return REFUSALS[status]?.[action] ?? `cannot ${action} an app that is ${status}`;
}
