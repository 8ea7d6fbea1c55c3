"use client";

import { useRouter } from "next/navigation";
import { useEffect, useMemo, useState, type FormEvent } from "react";

import { ActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { TextAreaField } from "@/components/ui/field";
import { APP_UPDATES, APPS } from "@/lib/apps/operations";
import { ProblemError } from "@/lib/client/api";
import { besideField, listingControlId, listingFieldLabel } from "@/lib/client/field-names";
import { callOf, pathOf, type OperationCall } from "@/lib/client/operation-call";
import { useApiAction } from "@/lib/client/use-api-action";
import { useKeptDraft } from "@/lib/client/use-kept-draft";
import { IMAGE_RULES, describeImageRule } from "@/lib/core/image-rules";
import { LISTING_LIMITS } from "@/lib/apps/listing-rules";
import type { DeveloperAppResource as DeveloperApp, RevisionResource } from "@/lib/apps/schemas";
import type { BodyInputOf } from "@/lib/validation/operation";

import { ListingChoiceFields, ListingLinkFields, ListingTextFields } from "./listing-fields";
import { changedFields, createBody, listingValues, type ListingValues } from "./listing-form-values";
import { ScreenshotsEditor } from "./screenshots-editor";
import { PreflightButton } from "./preflight-button";
import { useImageChecks } from "./image-checks";
import { reviewerNotesOf } from "./reviewer-notes";
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

/** The error path of an image field's control: `screenshot-2-url` → `screenshots[1].url`; the logo's and banner's ids are their paths. */
function imagePathOf(controlId: string): string {
  const screenshot = /^screenshot-(\d+)-url$/.exec(controlId);
  return screenshot ? `screenshots[${Number(screenshot[1]) - 1}].url` : controlId;
}

type CreateBody = BodyInputOf<typeof APPS.create>;
type UpdateBody = BodyInputOf<typeof APP_UPDATES.update>;

/** Where the form saves: a new listing (its whole body), a listing or its update (the changed fields; an update's notes too). */
function saveCallOf(
  app: DeveloperApp | undefined,
  revision: RevisionResource | undefined,
  body: CreateBody | UpdateBody,
): OperationCall<DeveloperApp | RevisionResource> {
  if (!app) return callOf(APPS.create, { body: body as CreateBody });
  const params = { id: app.id };
  return revision
    ? callOf(APP_UPDATES.update, { params, body: body as UpdateBody })
    : callOf(APPS.update, { params, body: body as UpdateBody });
}

/**
 * Creates a listing (POST, then opens it), edits one or its update (PUT with only the changed
 * fields), within the API's own limits; warns before leaving with unsaved changes.
 */
export function AppForm({ app, revision, submittable = false }: Props) {
  const router = useRouter();
  const saveId = revision ? "save-update" : "save-listing";
  const saved = useMemo(
    () => listingValues(revision && app ? { ...revision, environment: app.environment } : app, LISTING_LIMITS.minScreenshots),
    [app, revision],
  );
  const [values, setValues] = useState<ListingValues>(saved);
  const savedNotes = revision?.notes ?? "";
  // An update of a listing others see may go to its testers first once approved (docs/visibility.md, "Staged rollout").
  const stageable = Boolean(revision && app && app.visibility !== "PRIVATE");
  const [staged, setStaged] = useState(revision?.staged ?? false);
  const [notes, setNotes] = useState(savedNotes);
  const listingChanges = app ? changedFields(values, saved) : null;
  const changes =
    listingChanges && revision && notes.trim() !== savedNotes.trim() ? { ...listingChanges, notes: notes.trim() || null } : listingChanges;
  const unchanged = changes !== null && Object.keys(changes).length === 0;
  const dirty = app ? !unchanged : JSON.stringify(values) !== JSON.stringify(saved);
  const save = useApiAction(
    (body: CreateBody | UpdateBody) => saveCallOf(app, revision, body),
    // A new listing opens on its own page; an edited one re-renders in place.
    {
      refresh: app !== undefined,
      onSuccess: (listing) => {
        draft.forget();
        setChecked(null);
        if (!app) router.push(`/developer/apps/${(listing as DeveloperApp).id}`);
      },
      // Saving keeps the person at Save (an update's form is rebuilt from the saved update: the focus
      // comes back to its new Save); a new listing opens its own page, read from its heading.
      announce: app ? "Changes saved." : "Listing created as a draft. Submit it for review when it is ready.",
      focus: app ? saveId : "page-title",
    },
  );
  // The fields the last rejection's reasons name are marked with the reviewer's words until a save's own message replaces them.
  const reviewerNotes = useMemo(() => reviewerNotesOf((revision ?? app)?.rejection ?? null), [app, revision]);
  // What a submit (or its check without submitting) refused: shown like a save's errors, until the next save or try.
  const [checked, setChecked] = useState<unknown>(null);
  const checkProblem = checked instanceof ProblemError ? checked : undefined;
  // Each image address is checked as a submit would, as soon as it is typed (image-checks.ts).
  const imageChecks = useImageChecks(app?.id, values);
  const errorFor = (path: string) => {
    const message = save.errorFor(path) ?? checkProblem?.messageFor(path) ?? checkProblem?.messageFor(path.replace(/\.url$/, ""));
    return message ? besideField(message) : (imageChecks.messagesFor(path).error ?? reviewerNotes.get(path));
  };
  const hintFor = (path: string) => imageChecks.messagesFor(path).hint;
  const fields = {
    values,
    set: <K extends keyof ListingValues>(field: K, value: ListingValues[K]) => setValues((current) => ({ ...current, [field]: value })),
    errorFor,
    hintFor,
  };

  const created = app === undefined && save.isSuccess;
  useLeaveWarning(dirty && !save.isPending && !created);
  // What was typed survives an ended session (sign in, come back), a reload and a link followed away.
  const draft = useKeptDraft(
    `${pathOf(app ? (revision ? APP_UPDATES.update : APPS.update) : APPS.create, app && { id: app.id })}@${revision?.updatedAt ?? app?.updatedAt ?? "new"}`,
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
      // Leaving an image field checks its address at once.
      onBlurCapture={(event) => imageChecks.checkNow(imagePathOf(event.target.id))}
    >
      {/* What a save or a submit refused, at the top: each entry leads to its field, which says it too. */}
      <ActionError error={save.error ?? checked} fieldsShown describeField={listingFieldLabel} controlIdOf={listingControlId} />
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
        errorFor={errorFor}
        hintFor={hintFor}
      />
      <div className="flex flex-wrap items-center gap-4">
        <Button id={saveId} type="submit" disabled={save.isPending || unchanged || (!app && save.isSuccess)}>
          {app ? (save.isPending ? "Saving…" : "Save changes") : save.isPending || save.isSuccess ? "Creating…" : "Create listing"}
        </Button>
        {app && submittable && stageable ? (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="staged" checked={staged} onChange={(event) => setStaged(event.target.checked)} />
            Once approved, roll it out in stages (testers first)
          </label>
        ) : null}
        {app && submittable ? (
          <SubmitForReviewButton
            appId={app.id}
            of={revision ? "update" : "listing"}
            staged={stageable && staged}
            saveFirst={dirty ? () => save.mutateAsync(changes!) : undefined}
            onProblem={setChecked}
          />
        ) : null}
        {app && submittable && !revision ? (
          <PreflightButton appId={app.id} saveFirst={dirty ? () => save.mutateAsync(changes!) : undefined} onProblem={setChecked} />
        ) : null}
        <p className="text-sm text-slate-600" data-testid="save-state">
          {app && save.isSuccess && unchanged ? "All changes saved." : dirty && app ? "Unsaved changes" : ""}
        </p>
      </div>
    </form>
  );
}
