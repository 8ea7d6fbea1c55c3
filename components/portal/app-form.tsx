"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useMemo, useState, type FormEvent } from "react";

import { Button } from "@/components/ui/button";
import { TextAreaField, TextField } from "@/components/ui/field";
import type { DeveloperAppResource as DeveloperApp } from "@/lib/validation/responses";
import { apiFetch } from "@/lib/client/api";
import { APP_CATEGORIES, APP_ENVIRONMENTS, CATEGORY_LABELS } from "@/lib/domain/enums";

import { changedFields, createBody, describeImageRule, listingValues, type ListingValues } from "./apps/listing-form-values";
import type { ListingRules } from "./apps/listing-rules";
import { MarkdownField } from "./apps/markdown-field";
import { ScreenshotsEditor } from "./apps/screenshots-editor";
import { SelectField } from "./apps/select-field";
import { errorMessage, problemOf } from "./problem";

const CATEGORY_OPTIONS = APP_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }));
const ENVIRONMENT_OPTIONS = APP_ENVIRONMENTS.map((value) => ({ value, label: value }));

/**
 * Creates a listing (POST, then opens it) or edits one (PUT with only the changed fields).
 * `rules` come from the API's schema on the server; see ./apps/listing-rules.
 */
export function AppForm({ rules, app }: { rules: ListingRules; app?: DeveloperApp }) {
  const router = useRouter();
  const saved = useMemo(() => listingValues(app, rules.minScreenshots), [app, rules.minScreenshots]);
  const [values, setValues] = useState<ListingValues>(saved);
  const changes = app ? changedFields(values, saved) : null;
  const unchanged = changes !== null && Object.keys(changes).length === 0;

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      app
        ? apiFetch<DeveloperApp>(`/api/dev/apps/${app.id}`, { method: "PUT", body })
        : apiFetch<DeveloperApp>("/api/dev/apps", { method: "POST", body }),
    onSuccess: (listing) => (app ? router.refresh() : router.push(`/developer/apps/${listing.id}`)),
  });
  const problem = problemOf(save.error);
  const errorFor = (path: string) => problem?.messageFor(path);
  const set = <K extends keyof ListingValues>(field: K, value: ListingValues[K]) => setValues((current) => ({ ...current, [field]: value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate(changes ?? createBody(values));
  }

  return (
    <form onSubmit={submit} noValidate aria-label={app ? "Edit listing" : "New listing"} className="space-y-5 rounded-xl border border-slate-200 bg-white p-6">
      <TextField label="Name" name="name" value={values.name} onChange={(event) => set("name", event.target.value)} required maxLength={rules.name} error={errorFor("name")} />
      <TextAreaField
        label="Short description"
        name="description"
        rows={2}
        value={values.description}
        onChange={(event) => set("description", event.target.value)}
        required
        maxLength={rules.description}
        hint={`One or two sentences, at most ${rules.description} characters (${values.description.length} so far).`}
        error={errorFor("description")}
      />
      <MarkdownField
        id="longDescription"
        label="Long description"
        value={values.longDescription}
        onChange={(value) => set("longDescription", value)}
        maxLength={rules.longDescription}
        error={errorFor("longDescription")}
      />
      <div className="grid gap-5 md:grid-cols-2">
        <SelectField
          label="Category"
          name="category"
          value={values.category}
          onChange={(event) => set("category", event.target.value as ListingValues["category"])}
          options={CATEGORY_OPTIONS}
          placeholder={app ? undefined : "Choose a category"}
          // The only way to get this field wrong is to leave it unchosen.
          error={errorFor("category") ? "Choose one of the categories" : undefined}
        />
        {app ? (
          <TextField label="Environment" name="environment" value={app.environment} readOnly hint="Fixed when the listing was created." />
        ) : (
          <SelectField
            label="Environment"
            name="environment"
            value={values.environment}
            onChange={(event) => set("environment", event.target.value as ListingValues["environment"])}
            options={ENVIRONMENT_OPTIONS}
            hint="Where the app runs; it cannot be changed later."
            error={errorFor("environment")}
          />
        )}
        <TextField
          label="Website URL"
          name="websiteUrl"
          type="url"
          placeholder="https://"
          value={values.websiteUrl}
          onChange={(event) => set("websiteUrl", event.target.value)}
          maxLength={rules.url}
          hint="Optional."
          error={errorFor("websiteUrl")}
        />
        <TextField
          label="OAuth client ID"
          name="oauthClientId"
          value={values.oauthClientId}
          onChange={(event) => set("oauthClientId", event.target.value)}
          maxLength={rules.oauthClientId}
          hint="Optional: the Yapture OAuth client the app signs in with."
          error={errorFor("oauthClientId")}
        />
        <TextField
          label="Logo URL"
          name="logoUrl"
          type="url"
          placeholder="https://"
          value={values.logoUrl}
          onChange={(event) => set("logoUrl", event.target.value)}
          maxLength={rules.url}
          hint={describeImageRule(rules.images.logo)}
          error={errorFor("logoUrl")}
        />
        <TextField
          label="Banner URL"
          name="bannerUrl"
          type="url"
          placeholder="https://"
          value={values.bannerUrl}
          onChange={(event) => set("bannerUrl", event.target.value)}
          maxLength={rules.url}
          hint={describeImageRule(rules.images.banner)}
          error={errorFor("bannerUrl")}
        />
      </div>
      <ScreenshotsEditor
        rows={values.screenshots}
        onChange={(rows) => set("screenshots", rows)}
        min={rules.minScreenshots}
        max={rules.maxScreenshots}
        urlMaxLength={rules.url}
        captionMaxLength={rules.caption}
        hint={describeImageRule(rules.images.screenshot)}
        errorFor={errorFor}
      />
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={save.isPending || unchanged || (!app && save.isSuccess)}>
          {app ? (save.isPending ? "Saving…" : "Save changes") : save.isPending || save.isSuccess ? "Creating…" : "Create listing"}
        </Button>
        <p role="status" className="text-sm text-slate-500">
          {app && save.isSuccess && unchanged ? "All changes saved." : ""}
        </p>
      </div>
      {save.error ? (
        <p role="alert" className="text-sm text-red-600">
          {problem?.errors.length ? "Please correct the fields marked above." : errorMessage(save.error)}
        </p>
      ) : null}
    </form>
  );
}
