"use client";

import { useRef, type FormEvent } from "react";

import { ActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { DataCell, DataTable } from "@/components/ui/data-table";
import { SelectField, TextField } from "@/components/ui/field";
import { APPS } from "@/lib/apps/operations";
import type { TesterResource } from "@/lib/apps/schemas";
import { callOf } from "@/lib/client/operation-call";
import { useApiAction } from "@/lib/client/use-api-action";
import type { AppVisibility } from "@/lib/core/enums";

// Who sees a listing (docs/visibility.md): its visibility and, for a test build, its testers.

const VISIBILITY_OPTIONS: { value: AppVisibility; label: string }[] = [
  { value: "PRIVATE", label: "Private: your team and your testers (a test build, no review)" },
  { value: "UNLISTED", label: "Unlisted: anyone with the link, in no list or search (reviewed)" },
  { value: "PUBLIC", label: "Public: in the marketplace (reviewed)" },
];

const when = (iso: string) => new Date(iso).toISOString().slice(0, 16).replace("T", " ") + " UTC";

type Props = {
  appId: string;
  visibility: AppVisibility;
  testers: TesterResource[];
  /** The member may change who sees it (editListings). */
  mayEdit: boolean;
};

export function ListingAudience({ appId, visibility, testers, mayEdit }: Props) {
  return (
    <section aria-labelledby="audience-heading" className="max-w-3xl space-y-4">
      <h2 id="audience-heading" className="text-lg font-semibold">
        Who sees it
      </h2>
      {mayEdit ? (
        <VisibilityForm appId={appId} visibility={visibility} />
      ) : (
        <p className="text-sm">{VISIBILITY_OPTIONS.find((option) => option.value === visibility)?.label}</p>
      )}
      <h3 id="testers-heading" className="font-semibold">
        Testers ({testers.length} of 100)
      </h3>
      <p className="text-sm text-slate-600">
        Testers see the listing while it is private, marked &ldquo;Test build&rdquo;, and install it. Anyone else gets &ldquo;not
        found&rdquo;.
      </p>
      <DataTable
        caption="Testers"
        columns={["Tester", "Installed", ...(mayEdit ? [{ hidden: "Actions" }] : [])]}
        empty={testers.length === 0 ? "No testers yet." : null}
      >
        {testers.map((tester) => (
          <tr key={tester.id} className="border-t border-slate-100">
            <DataCell label="Tester">{tester.email ?? `Workspace ${tester.workspaceId}`}</DataCell>
            <DataCell label="Installed">
              {tester.installedAt ? `${when(tester.installedAt)} in ${tester.installedWorkspaceId}` : "Not yet"}
            </DataCell>
            {mayEdit ? (
              <DataCell>
                <RemoveTesterButton appId={appId} tester={tester} />
              </DataCell>
            ) : null}
          </tr>
        ))}
      </DataTable>
      {mayEdit ? <AddTesterForm appId={appId} /> : null}
    </section>
  );
}

function VisibilityForm({ appId, visibility }: { appId: string; visibility: AppVisibility }) {
  const save = useApiAction((chosen: AppVisibility) => callOf(APPS.visibility, { params: { id: appId }, body: { visibility: chosen } }), {
    announce: (listing) =>
      listing.status === "PENDING"
        ? `The listing is sent for review to become ${listing.visibility.toLowerCase()}.`
        : `The listing is now ${listing.visibility.toLowerCase()}.`,
    focus: "listing-status-heading",
  });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate(String(new FormData(event.currentTarget).get("visibility")) as AppVisibility);
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
      <div className="min-w-0 grow">
        <SelectField
          label="Visibility"
          name="visibility"
          defaultValue={visibility}
          options={VISIBILITY_OPTIONS}
          hint="Making it more visible than an administrator approved sends it to review first."
          error={save.errorFor("visibility")}
        />
      </div>
      <Button type="submit" variant="secondary" disabled={save.isPending}>
        {save.isPending ? "Saving…" : "Save visibility"}
      </Button>
      <ActionError error={save.error} fieldsShown />
    </form>
  );
}

function AddTesterForm({ appId }: { appId: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const add = useApiAction(
    (who: string) => callOf(APPS.addTester, { params: { id: appId }, body: who.includes("@") ? { email: who } : { workspaceId: who } }),
    {
      onSuccess: () => formRef.current?.reset(),
      announce: (tester) => `${tester.email ?? `Workspace ${tester.workspaceId}`} is a tester now.`,
      focus: "testers-heading",
    },
  );
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    add.mutate(String(new FormData(event.currentTarget).get("tester") ?? "").trim());
  }
  return (
    <form ref={formRef} onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
      <div className="min-w-0 grow">
        <TextField
          label="Add a tester"
          name="tester"
          autoComplete="off"
          hint="A Yapture workspace ID, or a person's email."
          error={add.errorFor("email") ?? add.errorFor("workspaceId")}
        />
      </div>
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? "Adding…" : "Add tester"}
      </Button>
      <ActionError error={add.error} fieldsShown />
    </form>
  );
}

function RemoveTesterButton({ appId, tester }: { appId: string; tester: TesterResource }) {
  const name = tester.email ?? `workspace ${tester.workspaceId}`;
  const remove = useApiAction(() => callOf(APPS.removeTester, { params: { id: appId, testerId: tester.id } }), {
    announce: `${name} is no longer a tester.`,
    focus: "testers-heading",
  });
  return (
    <ConfirmButton label="Remove" ariaLabel={`Remove ${name}`} question={`Remove ${name}?`} confirmLabel="Remove tester" action={remove} />
  );
}
