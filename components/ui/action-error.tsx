"use client";

import { useEffect, useRef } from "react";

import { ProblemError } from "@/lib/client/api";

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
};

const NETWORK_FAILURE = "Something went wrong. Check your connection and try again.";

/** `websiteUrl` → "Website URL", `companyName` → "Company name". */
function humanize(path: string): string {
  const words = path
    .replace(/\[(\d+)\]/g, " $1")
    .replace(/[._]/g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase();
  return (words.charAt(0).toUpperCase() + words.slice(1)).replace(/\burl\b/g, "URL").replace(/\bid\b/g, "ID");
}

/** The one way a failed action is shown: the API's message, and what was wrong with each field. */
export function ActionError({ error, fieldsShown = false, describeField = humanize }: Props) {
  const summaryRef = useRef<HTMLDivElement>(null);
  const problem = error instanceof ProblemError ? error : undefined;
  const fieldErrors = problem?.errors.filter((each) => each.path !== "") ?? [];
  const isSummary = fieldsShown && fieldErrors.length > 0;
  useEffect(() => {
    if (isSummary) summaryRef.current?.focus();
  }, [error, isSummary]);

  if (!error) return null;
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
                href={`#${each.path}`}
                className="underline"
                onClick={(event) => {
                  // Following a fragment scrolls but does not focus: put the person in the field.
                  const field = document.getElementById(each.path);
                  if (!field) return;
                  event.preventDefault();
                  field.focus();
                  field.scrollIntoView({ block: "center" });
                }}
              >
                {describeField(each.path)}: {each.message}
              </a>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  // One field error is the summary already.
  const listed = fieldErrors.length < 2 ? [] : fieldErrors;
  return (
    <div role="alert" className="space-y-1 text-sm text-red-700">
      <p>{problem ? problem.message : NETWORK_FAILURE}</p>
      {listed.length > 0 ? (
        <ul className="list-disc pl-5" aria-label="Problems">
          {listed.map((each) => (
            <li key={each.path}>
              <span className="font-medium">{describeField(each.path)}</span>: {each.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
