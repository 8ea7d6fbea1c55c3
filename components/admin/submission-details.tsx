import type { ReactNode } from "react";

import type { AdminAppResource } from "@/lib/apps/schemas";

/**
 * Who submitted a new listing, when, and the OAuth client the app signs in with: the administrator
 * checks that client against Yapture's registry (it must be this developer's) before approving, so
 * the ID is shown in full, never only in the portal's form.
 */
export function SubmissionDetails({
  app,
  ageing,
}: {
  app: Pick<AdminAppResource, "submittedAt" | "developer" | "oauthClientId">;
  /** How long it has waited (the workbench's ageing mark), after the submission's time. */
  ageing?: ReactNode;
}) {
  return (
    <div className="space-y-1 text-xs text-slate-600">
      <p>
        Submitted {app.submittedAt?.slice(0, 16).replace("T", " ")} UTC by {app.developer.name} ({app.developer.email}) {ageing}
      </p>
      <p data-testid="oauth-client-id">
        OAuth client ID:{" "}
        {app.oauthClientId ? (
          <>
            <code className="rounded bg-slate-100 px-1 font-mono break-all text-slate-900">{app.oauthClientId}</code> (check Yapture
            registered it to this developer)
          </>
        ) : (
          "none given (the app does not sign in with Yapture)"
        )}
      </p>
    </div>
  );
}
