"use client";

import Link from "next/link";
import { useRef, useState } from "react";

import { formatCount } from "@/lib/core/format-count";
import { ActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { useApiAction } from "@/lib/client/use-api-action";
import { referralOf } from "@/lib/analytics/referrer";
import { callOf } from "@/lib/client/operation-call";

import { useAppReader } from "./app-reader";
import { RemoveInstall, type InstallEndpoints } from "./remove-install";

type Props = {
  /** The install and uninstall operations, handed from the page (so the browser loads no schema for them). */
  endpoints: InstallEndpoints;
  slug: string;
  appName: string;
  installCount: number;
  /** What the app will be able to do, shown before the install is confirmed. */
  permissions: string[];
};

/**
 * Install into one of the reader's Yapture workspaces: sign in, pick a workspace, read what the app
 * may do, confirm. The reader's workspaces, and those that have the app, come from the page's
 * island (./app-reader.tsx): the server renders the signed-out panel for everyone.
 */
export function InstallButton({ endpoints, slug, appName, installCount, permissions }: Props) {
  const reader = useAppReader();
  // null: nobody signed in; undefined: still asking.
  const workspaces = reader.state === "signed-in" ? reader.workspaces : reader.state === "asking" ? undefined : null;
  const installedIn = reader.state === "signed-in" ? reader.installedIn : [];
  const [choosing, setChoosing] = useState(false);
  // Opening the confirmation replaces the Install button, and Cancel brings it back: focus follows.
  const installRef = useRef<HTMLButtonElement>(null);
  const workspaceRef = useRef<HTMLSelectElement>(null);
  const show = (confirming: boolean) => {
    setChoosing(confirming);
    requestAnimationFrame(() => (confirming ? workspaceRef.current : installRef.current)?.focus());
  };
  const available = (workspaces ?? []).filter((workspace) => !installedIn.some((installed) => installed.id === workspace.id));
  const [workspaceId, setWorkspaceId] = useState(available[0]?.id ?? "");
  // Where the person came to this page from, for the publisher's analytics (never who they are).
  const install = useApiAction(
    () => callOf(endpoints.install, { params: { slug }, body: { workspaceId, ...referralOf(document.referrer, location.origin) } }),
    {
      onSuccess: () => setChoosing(false),
      announce: () =>
        `${appName} is installed in ${available.find((workspace) => workspace.id === workspaceId)?.name ?? "your workspace"}.`,
      focus: "installed-in",
    },
  );
  const count = install.data?.installCount ?? installCount;

  return (
    <div
      className="flex w-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:w-72"
      aria-busy={workspaces === undefined || undefined}
      data-testid="install-panel"
    >
      {installedIn.length > 0 ? (
        <div
          id="installed-in"
          tabIndex={-1}
          className="space-y-2 rounded-lg bg-emerald-50 px-3 py-2 text-emerald-900"
          data-testid="installed-in"
        >
          {installedIn.map((workspace) => (
            <RemoveInstall key={workspace.id} endpoints={endpoints} slug={slug} appName={appName} workspace={workspace} />
          ))}
        </div>
      ) : null}
      {workspaces === undefined ? (
        // Where the person's choices will be: the sign-in link's place kept, so nothing below moves.
        <div aria-hidden="true" className="h-9 rounded-lg bg-slate-100 motion-safe:animate-pulse" data-testid="install-asking" />
      ) : workspaces === null ? (
        <Link
          href={`/signin?callbackUrl=${encodeURIComponent(`/apps/${slug}`)}`}
          className="rounded-lg bg-brand-600 px-4 py-2 text-center text-sm font-medium text-white hover:bg-brand-700"
        >
          Sign in with Yapture to install
        </Link>
      ) : available.length === 0 ? (
        <p className="text-sm text-slate-600">
          {workspaces.length === 0 ? "Your Yapture account has no workspace to install apps into." : "Installed in all your workspaces."}
        </p>
      ) : choosing ? (
        <form
          aria-label={`Install ${appName}`}
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            install.mutate();
          }}
        >
          <label className="block text-sm font-medium text-slate-700">
            Workspace
            <select
              ref={workspaceRef}
              value={workspaceId}
              onChange={(event) => setWorkspaceId(event.target.value)}
              className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-2 py-2 text-sm"
            >
              {available.map((workspace) => (
                <option key={workspace.id} value={workspace.id}>
                  {workspace.name}
                </option>
              ))}
            </select>
          </label>
          <div className="text-sm">
            <p className="font-medium text-slate-700">
              <bdi>{appName}</bdi> will be able to:
            </p>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-700" data-testid="permissions">
              {permissions.map((permission) => (
                <li key={permission}>{permission}</li>
              ))}
            </ul>
          </div>
          <div className="flex gap-2">
            <Button type="submit" disabled={install.isPending}>
              {install.isPending ? "Installing…" : "Confirm install"}
            </Button>
            <Button type="button" variant="secondary" onClick={() => show(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button
          ref={installRef}
          onClick={() => {
            setWorkspaceId(available[0]!.id);
            show(true);
          }}
        >
          Install
        </Button>
      )}
      <p className="text-center text-xs text-slate-600" data-testid="install-count">
        {formatCount(count)} installs
      </p>
      <ActionError error={install.error} />
    </div>
  );
}
