"use client";

import { useId, useRef, useState, type FormEvent } from "react";

import { ActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { SelectField, TextAreaField } from "@/components/ui/field";
import type { Workspace } from "@/lib/callers/identity";
import { callOf, type OperationEndpoint } from "@/lib/client/operation-call";
import { useApiAction } from "@/lib/client/use-api-action";
import { UNINSTALL_REASON_LABELS, UNINSTALL_REASONS, type UninstallReason } from "@/lib/core/enums";
import { INSTALL_LIMITS } from "@/lib/core/install-limits";
import type { INSTALLS } from "@/lib/installs/operations";

export type InstallEndpoints = {
  install: OperationEndpoint<typeof INSTALLS.install>;
  uninstall: OperationEndpoint<typeof INSTALLS.uninstall>;
};

const REASONS = UNINSTALL_REASONS.map((reason) => ({ value: reason, label: UNINSTALL_REASON_LABELS[reason] }));

/**
 * "Installed in <workspace> · Remove": asks, optionally, why (the publisher sees the reasons, never
 * who gave them), removes the app from the workspace, then offers Undo (installs it again).
 */
export function RemoveInstall({
  endpoints,
  slug,
  appName,
  workspace,
}: {
  endpoints: InstallEndpoints;
  slug: string;
  appName: string;
  workspace: Workspace;
}) {
  const id = useId();
  const [asking, setAsking] = useState(false);
  const [removed, setRemoved] = useState(false);
  const [reason, setReason] = useState<UninstallReason | "">("");
  const [comment, setComment] = useState("");
  const removeRef = useRef<HTMLButtonElement>(null);
  const params = { slug, workspaceId: workspace.id };
  const remove = useApiAction(
    () => callOf(endpoints.uninstall, { params, query: { reason: reason || undefined, comment: comment.trim() || undefined } }),
    {
      onSuccess: () => {
        setAsking(false);
        setRemoved(true);
      },
      // The page stays as it is, so Undo stays where the person is.
      refresh: false,
      announce: `${appName} is removed from ${workspace.name}. Undo installs it again.`,
      focus: `${id}-undo`,
    },
  );
  const undo = useApiAction(() => callOf(endpoints.install, { params: { slug }, body: { workspaceId: workspace.id, source: "other" } }), {
    onSuccess: () => setRemoved(false),
    refresh: false,
    announce: `${appName} is installed in ${workspace.name} again.`,
    focus: `${id}-remove`,
  });

  if (removed) {
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="removed-from">
        <span>
          Removed from <bdi>{workspace.name}</bdi>.
        </span>
        <Button id={`${id}-undo`} variant="secondary" onClick={() => undo.mutate()} disabled={undo.isPending}>
          Undo
        </Button>
        <ActionError error={undo.error} />
      </div>
    );
  }
  if (asking) {
    const submit = (event: FormEvent) => {
      event.preventDefault();
      remove.mutate();
    };
    return (
      <form onSubmit={submit} className="space-y-3" aria-label={`Remove ${appName} from ${workspace.name}`}>
        <SelectField
          id={`${id}-reason`}
          label="Why are you removing it? (optional)"
          value={reason}
          onChange={(event) => setReason(event.target.value as UninstallReason | "")}
          options={REASONS}
          placeholder="Rather not say"
          autoFocus
        />
        <TextAreaField
          id={`${id}-comment`}
          label="Anything the developer should know? (optional)"
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          maxLength={INSTALL_LIMITS.comment}
          rows={2}
          hint="The developer sees reasons and comments, never who wrote them."
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="danger" disabled={remove.isPending}>
            {remove.isPending ? (
              "Removing…"
            ) : (
              <>
                Remove from <bdi>{workspace.name}</bdi>
              </>
            )}
          </Button>
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              setAsking(false);
              requestAnimationFrame(() => removeRef.current?.focus());
            }}
          >
            Cancel
          </Button>
        </div>
        <ActionError error={remove.error} />
      </form>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span data-testid="installed-in-workspace">
        Installed in <bdi>{workspace.name}</bdi>
      </span>
      <span aria-hidden="true">·</span>
      <Button id={`${id}-remove`} ref={removeRef} variant="secondary" onClick={() => setAsking(true)}>
        Remove
      </Button>
    </div>
  );
}
