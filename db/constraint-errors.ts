import { hasCode } from "./unreachable";

const UNIQUE_VIOLATION = "23505";

/** A unique index refused the write: someone else got there first (a 409 conflict, never a 500). */
export function isUniqueViolation(error: unknown): boolean {
  return hasCode(error, (code) => code === UNIQUE_VIOLATION);
}
