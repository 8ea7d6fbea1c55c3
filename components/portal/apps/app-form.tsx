"use client";

import { useRouter } from "next/navigation";
import { useEffect, useMemo, useState, type FormEvent } from "react";

import { ActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { useApiAction } from "@/lib/client/use-api-action";
import { IMAGE_RULES } from "@/lib/domain/image-rules";
import { LISTING_LIMITS } from "@/lib/validation/apps";
import type { DeveloperAppResource as DeveloperApp } from "@/lib/validation/responses";

import { ListingChoiceFields, ListingLinkFields, ListingTextFields } from "./listing-fields";
import { changedFields, createBody, describeImageRule, listingValues, type ListingValues } from "./listing-form-values";
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
  /** The listing may be submitted from here: unsaved changes are saved first. */
  submittable?: boolean;
};

/**
 * Creates a listing (POST, then opens it) or edits one (PUT with only the changed fields), within
 * the API's own limits; warns before leaving with unsaved changes.
 */
export function AppForm({ app, submittable = false }: Props) {
  const router = useRouter();
  const saved = useMemo(() => listingValues(app, LISTING_LIMITS.minScreenshots), [app]);
  const [values, setValues] = useState<ListingValues>(saved);
  const changes = app ? changedFields(values, saved) : null;
  const unchanged = changes !== null && Object.keys(changes).length === 0;
  const dirty = app ? !unchanged : JSON.stringify(values) !== JSON.stringify(saved);
  const save = useApiAction<Record<string, unknown>, DeveloperApp>(
    (body) => (app ? { path: `/api/dev/apps/${app.id}`, method: "PUT", body } : { path: "/api/dev/apps", method: "POST", body }),
    // A new listing opens on its own page; an edited one re-renders in place.
    { refresh: app !== undefined, onSuccess: (listing) => (app ? undefined : router.push(`/developer/apps/${listing.id}`)) },
  );
  const fields = {
    values,
    set: <K extends keyof ListingValues>(field: K, value: ListingValues[K]) => setValues((current) => ({ ...current, [field]: value })),
    errorFor: save.errorFor,
  };

  useLeaveWarning(dirty && !save.isPending && !(app === undefined && save.isSuccess));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate(changes ?? createBody(values));
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={app ? "Edit listing" : "New listing"}
      className="space-y-5 rounded-xl border border-slate-200 bg-white p-6"
    >
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
        {app && submittable ? (
          <SubmitForReviewButton appId={app.id} saveFirst={dirty ? () => save.mutateAsync(changes!) : undefined} />
        ) : null}
        <p role="status" className="text-sm text-slate-600">
          {app && save.isSuccess && unchanged ? "All changes saved." : dirty && app ? "Unsaved changes" : ""}
        </p>
      </div>
      <ActionError error={save.error} fieldsShown />
    </form>
  );
}
