import { AppLimit } from "@/components/portal/app-limit";
import { DataCell, DataTable } from "@/components/ui/data-table";
import { StatusBadge } from "@/components/ui/status-badge";
import type { RevokedApiKey } from "@/lib/api-keys/views";
import type { ApiKeyResource } from "@/lib/api-keys/schemas";

import { RevokeKeyButton } from "./revoke-key-button";
import { RotateKeyButton } from "./rotate-key-button";

/** A key as the portal lists it: what the API answers, and whether it was rotated (then it only lives out its overlap). */
export type PortalApiKey = ApiKeyResource & { rotated: boolean };

const minute = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

/** Who made the key, below its date: a member, one who has left (the owners review those keys), or nobody on record (before teams). */
function MadeBy({ createdBy }: { createdBy: ApiKeyResource["createdBy"] }) {
  if (!createdBy) return null;
  return (
    <span className="block">
      by {createdBy.name}
      {createdBy.memberId === null ? (
        <span className="ml-1 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-amber-900">
          left the team
        </span>
      ) : null}
    </span>
  );
}

const day = (iso: string | null, none: string) => (iso ? iso.slice(0, 10) : none);

/** The first column of both tables: what the member called the key, and below it its masked form. */
function KeyNameCell({ apiKey }: { apiKey: { name: string; maskedKey: string } }) {
  return (
    <DataCell>
      <span className="font-medium">{apiKey.name}</span>
      <span className="block font-mono text-xs whitespace-nowrap text-slate-600">{apiKey.maskedKey}</span>
    </DataCell>
  );
}

/** The unrevoked keys the member may see, masked: the full key is never on this page after creation (or rotation). */
export function ApiKeyList({
  keys,
  apps,
  caption,
  anyRevoked = false,
}: {
  keys: PortalApiKey[];
  apps: ReadonlyMap<string, string>;
  caption: string;
  /** Revoked keys are listed further down: the account has had keys, so it is not "no keys yet". */
  anyRevoked?: boolean;
}) {
  if (keys.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-600" data-testid="no-api-keys">
        {anyRevoked
          ? "No active API keys: the revoked ones are listed below. Create a key to call the marketplace API again."
          : "No API keys yet. Create one to call the marketplace API from scripts and CI."}
      </p>
    );
  }
  return (
    <DataTable caption={caption} columns={["Key", "Scopes", "Apps", "Created", "Expires", "Last used", "Status", { hidden: "Actions" }]}>
      {keys.map((key) => (
        <tr key={key.id} className="border-t border-slate-100 align-top" data-testid="api-key-row">
          <KeyNameCell apiKey={key} />
          <DataCell label="Scopes">
            <ul className="flex flex-wrap gap-1">
              {key.scopes.map((scope) => (
                <li key={scope} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs">
                  {scope}
                </li>
              ))}
            </ul>
          </DataCell>
          <DataCell label="Apps">
            <AppLimit appIds={key.appIds} apps={apps} />
          </DataCell>
          <DataCell label="Created" className="text-slate-600">
            <span className="whitespace-nowrap">{day(key.createdAt, "—")}</span>
            <MadeBy createdBy={key.createdBy} />
          </DataCell>
          <DataCell label="Expires" className="whitespace-nowrap text-slate-600">
            {key.rotated && key.expiresAt ? minute(key.expiresAt) : day(key.expiresAt, "Never")}
          </DataCell>
          <DataCell label="Last used" className="whitespace-nowrap text-slate-600">
            {day(key.lastUsedAt, "Never")}
          </DataCell>
          <DataCell label="Status">
            <StatusBadge status={key.status} />
            {key.rotated && key.status === "ACTIVE" ? <p className="mt-1 text-xs text-slate-600">Rotated: works until it expires</p> : null}
          </DataCell>
          <DataCell>
            <div className="flex flex-wrap items-start gap-2">
              {!key.rotated && key.status === "ACTIVE" ? <RotateKeyButton id={key.id} name={key.name} /> : null}
              <RevokeKeyButton id={key.id} name={key.name} />
            </div>
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
    <DataTable caption={`Revoked in the last ${days} days`} columns={["Key", "Revoked"]}>
      {keys.map((key) => (
        <tr key={key.id} className="border-t border-slate-100 align-top text-slate-600" data-testid="revoked-key-row">
          <KeyNameCell apiKey={key} />
          <DataCell label="Revoked">{key.revokedAt.slice(0, 16).replace("T", " ")} UTC</DataCell>
        </tr>
      ))}
    </DataTable>
  );
}
