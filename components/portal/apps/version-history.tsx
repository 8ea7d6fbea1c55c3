"use client";

import { ConfirmButton } from "@/components/ui/confirm-button";
import { DataCell, DataTable } from "@/components/ui/data-table";
import { APPS } from "@/lib/apps/operations";
import type { VersionResource } from "@/lib/apps/schemas";
import { callOf } from "@/lib/client/operation-call";
import { useApiAction } from "@/lib/client/use-api-action";

// The versions of a live listing that went live, and the restore of an earlier one (docs/visibility.md).

const when = (iso: string) => new Date(iso).toISOString().slice(0, 16).replace("T", " ") + " UTC";

export function VersionHistory({ appId, versions, mayRestore }: { appId: string; versions: VersionResource[]; mayRestore: boolean }) {
  const live = versions.find((version) => version.current)?.version ?? Infinity;
  return (
    <section aria-labelledby="versions-heading" className="max-w-3xl space-y-3">
      <h2 id="versions-heading" className="text-lg font-semibold">
        Version history
      </h2>
      <p className="text-sm text-slate-600">
        Restoring an earlier version makes it live again as the next version, with its images as they were, without a new review.
      </p>
      <DataTable
        caption="Versions"
        columns={["Version", "Name", "Live since", ...(mayRestore ? [{ hidden: "Actions" }] : [])]}
        empty={versions.length === 0 ? "No version recorded yet." : null}
      >
        {versions.map((version) => (
          <tr key={version.version} className="border-t border-slate-100">
            <DataCell label="Version">
              {version.version}
              {version.current ? " (live)" : ""}
              {version.restoredFrom ? ` · restored ${version.restoredFrom}` : ""}
              {version.staged ? " (staged)" : ""}
              {version.rolledBackAt ? " · rolled back" : ""}
            </DataCell>
            <DataCell label="Name">{version.name}</DataCell>
            <DataCell label="Live since">{when(version.liveAt)}</DataCell>
            {mayRestore ? (
              <DataCell>{version.version >= live ? null : <RestoreButton appId={appId} version={version.version} />}</DataCell>
            ) : null}
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

function RestoreButton({ appId, version }: { appId: string; version: number }) {
  const restore = useApiAction(() => callOf(APPS.restore, { params: { id: appId, version: String(version) } }), {
    announce: (listing) => `Version ${version} is live again, as version ${listing.version}.`,
    focus: "versions-heading",
  });
  return (
    <ConfirmButton
      label="Restore"
      ariaLabel={`Restore version ${version}`}
      question={`Make version ${version} live again?`}
      confirmLabel="Restore"
      action={restore}
    />
  );
}
