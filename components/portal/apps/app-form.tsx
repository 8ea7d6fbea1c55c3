"use client";

import { useRouter } from "next/navigation";
import { useEffect, useMemo, useState, type FormEvent } from "react";

import { ActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { TextAreaField } from "@/components/ui/field";
import type { BodyOf } from "@/lib/client/request-body";
import { useApiAction } from "@/lib/client/use-api-action";
import { useKeptDraft } from "@/lib/client/use-kept-draft";
import { IMAGE_RULES, describeImageRule } from "@/lib/core/image-rules";
import type { createAppBody, revisionBody } from "@/lib/validation/apps";
import { LISTING_LIMITS } from "@/lib/validation/listing-rules";
import type { DeveloperAppResource as DeveloperApp, RevisionResource } from "@/lib/validation/responses";

import { ListingChoiceFields, ListingLinkFields, ListingTextFields } from "./listing-fields";
import { changedFields, createBody, listingValues, type ListingValues } from "./listing-form-values";
import { ScreenshotsEditor } from "./screenshots-editor";
import { SubmitForReviewButton } from "./submit-for-review-button";

/** Asks the browser to confirm leaving the page (reload, close, another site) while `dirty`. */
function useLeaveWarning(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
}

type Props = {
  app?: DeveloperApp;
  /** Edit the app's next version (its open revision, with release notes) instead of the listing itself. */
  revision?: RevisionResource;
  /** The listing may be submitted from here: unsaved changes are saved first. */
  submittable?: boolean;
};

/** Where the form saves and submits: a new listing, a listing, or a listing's update. */
function endpointsOf(app: DeveloperApp | undefined, revision: RevisionResource | undefined) {
  if (!app) return { save: "/api/dev/apps", submit: null };
  const base = revision ? `/api/dev/apps/${app.id}/revision` : `/api/dev/apps/${app.id}`;
  return { save: base, submit: `${base}/submit` };
}

/**
 * Creates a listing (POST, then opens it), edits one or its update (PUT with only the changed
 * fields), within the API's own limits; warns before leaving with unsaved changes.
 */
export function AppForm({ app, revision, submittable = false }: Props) {
  const router = useRouter();
  const saved = useMemo(
    () => listingValues(revision && app ? { ...revision, environment: app.environment } : app, LISTING_LIMITS.minScreenshots),
    [app, revision],
  );
  const [values, setValues] = useState<ListingValues>(saved);
  const savedNotes = revision?.notes ?? "";
  const [notes, setNotes] = useState(savedNotes);
  const listingChanges = app ? changedFields(values, saved) : null;
  const changes =
    listingChanges && revision && notes.trim() !== savedNotes.trim() ? { ...listingChanges, notes: notes.trim() || null } : listingChanges;
  const unchanged = changes !== null && Object.keys(changes).length === 0;
  const dirty = app ? !unchanged : JSON.stringify(values) !== JSON.stringify(saved);
  const endpoints = endpointsOf(app, revision);
  const save = useApiAction<BodyOf<typeof createAppBody> | BodyOf<typeof revisionBody>, DeveloperApp>(
    (body) => (app ? { path: endpoints.save, method: "PUT", body } : { path: endpoints.save, method: "POST", body }),
    // A new listing opens on its own page; an edited one re-renders in place.
    {
      refresh: app !== undefined,
      onSuccess: (listing) => {
        draft.forget();
        if (!app) router.push(`/developer/apps/${listing.id}`);
      },
      // Saving keeps the person at Save; a new listing opens its own page, read from its heading.
      announce: app ? "Changes saved." : "Listing created as a draft. Submit it for review when it is ready.",
      focus: app ? undefined : "page-title",
    },
  );
  const fields = {
    values,
    set: <K extends keyof ListingValues>(field: K, value: ListingValues[K]) => setValues((current) => ({ ...current, [field]: value })),
    errorFor: save.errorFor,
  };

  const created = app === undefined && save.isSuccess;
  useLeaveWarning(dirty && !save.isPending && !created);
  // What was typed survives an ended session (sign in, come back), a reload and a link followed away.
  const draft = useKeptDraft(
    `${endpoints.save}@${revision?.updatedAt ?? app?.updatedAt ?? "new"}`,
    { values, notes },
    dirty && !created,
    (kept) => {
      setValues(kept.values);
      setNotes(kept.notes);
    },
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate(changes ?? createBody(values));
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={revision ? "Edit update" : app ? "Edit listing" : "New listing"}
      className="space-y-5 rounded-xl border border-slate-200 bg-white p-6"
    >
      {revision ? (
        <TextAreaField
          label="What's new in this version"
          {...save.field("notes", [notes, setNotes])}
          rows={3}
          maxLength={LISTING_LIMITS.notes}
          hint="Shown on the public page under “What’s new” once the update is approved. Required to submit."
        />
      ) : null}
      <ListingTextFields {...fields} />
      <div className="grid gap-5 md:grid-cols-2">
        <ListingChoiceFields {...fields} fixedEnvironment={app?.environment} />
        <ListingLinkFields {...fields} />
      </div>
      <ScreenshotsEditor
        rows={values.screenshots}
        onChange={(rows) => fields.set("screenshots", rows)}
        hint={describeImageRule(IMAGE_RULES.screenshot)}
        errorFor={save.errorFor}
      />
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={save.isPending || unchanged || (!app && save.isSuccess)}>
          {app ? (save.isPending ? "Saving…" : "Save changes") : save.isPending || save.isSuccess ? "Creating…" : "Create listing"}
        </Button>
        {app && submittable && endpoints.submit ? (
          <SubmitForReviewButton endpoint={endpoints.submit} saveFirst={dirty ? () => save.mutateAsync(changes!) : undefined} />
        ) : null}
        <p className="text-sm text-slate-600" data-testid="save-state">
          {app && save.isSuccess && unchanged ? "All changes saved." : dirty && app ? "Unsaved changes" : ""}
        </p>
      </div>
      <ActionError error={save.error} fieldsShown />
    </form>
  );
}
