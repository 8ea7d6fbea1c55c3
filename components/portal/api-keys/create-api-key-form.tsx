"use client";

import { useRef, type FormEvent } from "react";

import { ActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { CheckboxGroupField, TextField } from "@/components/ui/field";
import { announce, focusWhenShown } from "@/lib/client/announce";
import { useApiAction } from "@/lib/client/use-api-action";
import { API_KEY_SCOPES, type ApiKeyScope } from "@/lib/core/enums";
import { API_KEY_LIMITS } from "@/lib/api-keys/schemas";

import { OneTimeKey } from "./one-time-key";
import { callOf } from "@/lib/client/operation-call";
import { API_KEYS } from "@/lib/api-keys/operations";
import type { BodyInputOf } from "@/lib/validation/operation";

const SCOPE_HELP: Record<ApiKeyScope, string> = {
  APP_CREATE: "create listings",
  APP_READ: "read your listings",
  APP_UPDATE: "edit listings and submit them for review",
  APP_DELETE: "delete listings that are not approved",
  ANALYTICS_READ: "read install and review analytics",
  EVENTS_READ: "read the event feed of your listings, installs and reviews",
  WEBHOOKS_MANAGE: "manage webhook endpoints and their deliveries",
};

/** What the form holds, as the API expects it; the server validates, so nothing is checked here. */
function bodyOf(form: HTMLFormElement): BodyInputOf<typeof API_KEYS.create> {
  const data = new FormData(form);
  const days = String(data.get("expiresInDays") ?? "").trim();
  const appIds = data.getAll("appIds").map(String);
  return {
    name: String(data.get("name") ?? ""),
    scopes: data.getAll("scopes").map(String) as ApiKeyScope[],
    ...(days === "" ? {} : { expiresInDays: Number(days) }),
    // None checked: the apps the member reaches (every app, unless their own access is limited).
    ...(appIds.length === 0 ? {} : { appIds }),
  };
}

type Props = {
  /** The scopes the member's role may grant (GRANTABLE_SCOPES): the only ones offered. */
  scopes: readonly ApiKeyScope[];
  /** The apps the member reaches, which a key may be limited to. */
  apps: readonly { id: string; name: string }[];
  /** The member's own app limit (null: every app): a limited member's keys start with their apps checked. */
  memberAppIds: readonly string[] | null;
};

export function CreateApiKeyForm({ scopes, apps, memberAppIds }: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  const create = useApiAction((body: BodyInputOf<typeof API_KEYS.create>) => callOf(API_KEYS.create, { body }), {
    onSuccess: () => formRef.current?.reset(),
    announce: (key) => `Key “${key.name}” is created. Copy it now: it is shown only once.`,
    focus: "new-api-key",
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate(bodyOf(event.currentTarget));
  }

  return (
    <div className="space-y-4">
      {create.data ? (
        <OneTimeKey
          name={create.data.name}
          value={create.data.key}
          onDismiss={() => {
            create.reset();
            announce("The key is hidden for good; it stays listed, masked, in your keys.");
            focusWhenShown("page-title");
          }}
        />
      ) : null}
      <form
        ref={formRef}
        onSubmit={submit}
        noValidate
        aria-labelledby="create-key-heading"
        className="space-y-4 rounded-xl border border-slate-200 bg-white p-6"
      >
        <h2 id="create-key-heading" className="font-semibold">
          Create a key
        </h2>
        <TextField
          label="Key name"
          name="name"
          required
          maxLength={API_KEY_LIMITS.name}
          hint="For you: where the key is used, e.g. “CI deploys”."
          error={create.errorFor("name")}
        />
        <CheckboxGroupField
          legend="Scopes (at least one)"
          name="scopes"
          options={scopes.map((scope) => ({ value: scope, label: scope, help: SCOPE_HELP[scope] }))}
          labelClassName="font-mono text-xs"
          hint={scopes.length < API_KEY_SCOPES.length ? "Only the scopes your role may grant are offered." : undefined}
          error={create.errorFor("scopes")}
        />
        {apps.length > 0 ? (
          <CheckboxGroupField
            legend="Apps (optional)"
            name="appIds"
            options={apps.map(({ id, name }) => ({ value: id, label: name }))}
            defaultChecked={memberAppIds ?? []}
            hint={
              memberAppIds
                ? "Your access is limited to these apps, and so are your keys: none checked means all of them."
                : "Limit the key to some apps; any other app is unknown to it. None checked: every app, including ones created later."
            }
            error={create.errorFor("appIds")}
          />
        ) : null}
        <TextField
          label="Expires after (days)"
          name="expiresInDays"
          type="number"
          inputMode="numeric"
          min={API_KEY_LIMITS.minDays}
          max={API_KEY_LIMITS.maxDays}
          step={1}
          hint={`Optional, ${API_KEY_LIMITS.minDays}–${API_KEY_LIMITS.maxDays}. Leave empty for a key that does not expire.`}
          error={create.errorFor("expiresInDays")}
        />
        <ActionError error={create.error} fieldsShown />
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Creating…" : "Create key"}
        </Button>
      </form>
    </div>
  );
}
