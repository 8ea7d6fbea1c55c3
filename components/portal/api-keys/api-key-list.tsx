import { DataCell, DataTable } from "@/components/ui/data-table";
import { StatusBadge } from "@/components/ui/status-badge";
import type { RevokedApiKey } from "@/lib/api-keys/views";
import type { ApiKeyResource } from "@/lib/api-keys/schemas";

import { RevokeKeyButton } from "./revoke-key-button";

const day = (iso: string | null, none: string) => (iso ? iso.slice(0, 10) : none);

/** The first two columns of both tables: what the developer called the key, and its masked form. */
function KeyNameCells({ apiKey }: { apiKey: { name: string; maskedKey: string } }) {
  return (
    <>
      <DataCell className="font-medium">{apiKey.name}</DataCell>
      <DataCell label="Key" className="font-mono text-xs">
        {apiKey.maskedKey}
      </DataCell>
    </>
  );
}

/** The developer's unrevoked keys, masked: the full key is never on this page after creation. */
export function ApiKeyList({ keys }: { keys: ApiKeyResource[] }) {
  if (keys.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-500">
        No API keys yet. Create one to call the marketplace API from scripts and CI.
      </p>
    );
  }
  return (
    <DataTable
      caption="Your API keys"
      columns={["Name", "Key", "Scopes", "Created", "Expires", "Last used", "Status", { hidden: "Actions" }]}
    >
      {keys.map((key) => (
        <tr key={key.id} className="border-t border-slate-100 align-top" data-testid="api-key-row">
          <KeyNameCells apiKey={key} />
          <DataCell label="Scopes">
            <ul className="flex flex-wrap gap-1">
              {key.scopes.map((scope) => (
                <li key={scope} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs">
                  {scope}
                </li>
              ))}
            </ul>
          </DataCell>
          <DataCell label="Created" className="text-slate-500">
            {day(key.createdAt, "—")}
          </DataCell>
          <DataCell label="Expires" className="text-slate-500">
            {day(key.expiresAt, "Never")}
          </DataCell>
          <DataCell label="Last used" className="text-slate-500">
            {day(key.lastUsedAt, "Never")}
          </DataCell>
          <DataCell label="Status">
            <StatusBadge status={key.status} />
          </DataCell>
          <DataCell>
            <RevokeKeyButton id={key.id} name={key.name} />
          </DataCell>
        </tr>
      ))}
    </DataTable>
  );
}

/** Keys revoked lately: a revocation (one's own, or of a whole lineage) leaves a trace to check against. */
export function RevokedApiKeyList({ keys, days }: { keys: RevokedApiKey[]; days: number }) {
  if (keys.length === 0) return null;
  return (
    <DataTable caption={`Revoked in the last ${days} days`} columns={["Name", "Key", "Revoked"]}>
      {keys.map((key) => (
        <tr key={key.id} className="border-t border-slate-100 align-top text-slate-600" data-testid="revoked-key-row">
          <KeyNameCells apiKey={key} />
          <DataCell label="Revoked">{key.revokedAt.slice(0, 16).replace("T", " ")} UTC</DataCell>
        </tr>
      ))}
    </DataTable>
  );
}
