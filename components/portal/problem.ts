import { ProblemError } from "@/lib/client/api";

/** The API's problem answer behind a failed mutation, for per-field messages. */
export function problemOf(error: unknown): ProblemError | undefined {
  return error instanceof ProblemError ? error : undefined;
}

/** One line to show for a failed mutation; network failures have no problem body. */
export function errorMessage(error: unknown): string | null {
  if (!error) return null;
  return problemOf(error)?.message ?? "Something went wrong. Check your connection and try again.";
}
