"use client";

import { useEffect, useRef } from "react";

import { ProblemError } from "@/lib/client/api";
import { fieldProblem, humanize } from "@/lib/client/field-names";

type Props = {
  /** The failed action's error (`useApiAction().error`); nothing is shown without one. */
  error: unknown;
  /**
   * The form shows each field's message beside the field: the summary then links to each field
   * (whose control has the field's path as its id) and takes the focus, so the person knows where to go.
   */
  fieldsShown?: boolean;
  /** How to name a field, e.g. `screenshots[1].url` → "Screenshot 2". */
  describeField?: (path: string) => string;
  /** The id of the control for a field's path, where the summary's link leads (the path itself unless given). */
  controlIdOf?: (path: string) => string;
  /**
   * What to say for each error `code`, in place of the API's own words (written for API clients):
   * with it, a code it does not list says `UNEXPECTED` (a page for the public never shows raw API text).
   */
  messages?: Partial<Record<string, string>>;
};

const UNEXPECTED = "That did not work. Reload the page and try again.";

/** The message a person reads for a problem: the page's own words for its code when it has some. */
function problemMessage(problem: ProblemError, messages: Partial<Record<string, string>> | undefined): string {
  if (!messages) return problem.message;
  return messages[problem.code] ?? UNEXPECTED;
}

const NETWORK_FAILURE = "Something went wrong. Check your connection and try again.";

/**
 * The portal session ended (idle or at its maximum, docs/sessions.md) while the person worked: say
 * so, and lead back here after signing in. Forms that keep drafts (useKeptDraft) show what was typed again.
 */
function SessionEnded() {
  const here = typeof window === "undefined" ? "/" : `${window.location.pathname}${window.location.search}`;
  return (
    <div
      role="alert"
      className="space-y-1 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
      data-testid="session-ended"
    >
      <p className="font-medium">Your session has ended, so this was not saved.</p>
      <p>
        <a href={`/signin?callbackUrl=${encodeURIComponent(here)}`} className="font-medium underline">
          Sign in again
        </a>{" "}
        to come back to this page; what you typed here is kept.
      </p>
    </div>
  );
}

/** The one way a failed action is shown: the API's message, and what was wrong with each field. */
export function ActionError({ error, fieldsShown = false, describeField = humanize, controlIdOf = (path) => path, messages }: Props) {
  const summaryRef = useRef<HTMLDivElement>(null);
  const problem = error instanceof ProblemError ? error : undefined;
  const fieldErrors = problem?.errors.filter((each) => each.path !== "") ?? [];
  const isSummary = fieldsShown && fieldErrors.length > 0;
  useEffect(() => {
    if (isSummary) summaryRef.current?.focus();
  }, [error, isSummary]);

  if (!error) return null;
  if (problem?.code === "unauthenticated") return <SessionEnded />;
  if (isSummary) {
    return (
      <div
        ref={summaryRef}
        tabIndex={-1}
        role="alert"
        aria-labelledby="error-summary-title"
        className="space-y-2 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-800"
        data-testid="error-summary"
      >
        <p id="error-summary-title" className="font-semibold">
          There {fieldErrors.length === 1 ? "is a problem" : `are ${fieldErrors.length} problems`} to fix
        </p>
        <ul className="list-disc space-y-1 pl-5">
          {fieldErrors.map((each) => (
            <li key={each.path}>
              <a
                href={`#${controlIdOf(each.path)}`}
                className="underline"
                onClick={(event) => {
                  // Following a fragment scrolls but does not focus: put the person in the field.
                  const field = document.getElementById(controlIdOf(each.path));
                  if (!field) return;
                  event.preventDefault();
                  field.focus();
                  field.scrollIntoView({ block: "center" });
                }}
              >
                {fieldProblem(describeField(each.path), each.message)}
              </a>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  // The API's detail names fields as paths (`logoUrl: …`): with field errors, each is named for people instead.
  if (fieldErrors.length === 1) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {fieldProblem(describeField(fieldErrors[0]!.path), fieldErrors[0]!.message)}
      </p>
    );
  }
  return (
    <div role="alert" className="space-y-1 text-sm text-red-700">
      <p>
        {fieldErrors.length > 1
          ? `There are ${fieldErrors.length} problems to fix:`
          : problem
            ? problemMessage(problem, messages)
            : NETWORK_FAILURE}
      </p>
      {fieldErrors.length > 1 ? (
        <ul className="list-disc pl-5" aria-label="Problems">
          {fieldErrors.map((each) => (
            <li key={each.path}>{fieldProblem(describeField(each.path), each.message)}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
