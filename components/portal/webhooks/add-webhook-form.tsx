"use client";

import { useRef, type FormEvent } from "react";

import { ActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { CheckboxGroupField, TextField } from "@/components/ui/field";
import { announce, focusWhenShown } from "@/lib/client/announce";
import { callOf } from "@/lib/client/operation-call";
import { useApiAction } from "@/lib/client/use-api-action";
import { EVENT_TYPES, type EventType } from "@/lib/events/types";
import type { BodyInputOf } from "@/lib/validation/operation";
import { WEBHOOKS } from "@/lib/webhooks/operations";

import { OneTimeKey } from "../api-keys/one-time-key";

/** What the form holds, as the API expects it; the server validates. None checked: every type. */
function bodyOf(form: HTMLFormElement): BodyInputOf<typeof WEBHOOKS.create> {
  const data = new FormData(form);
  const types = data.getAll("eventTypes").map(String) as EventType[];
  const description = String(data.get("description") ?? "").trim();
  return {
    url: String(data.get("url") ?? "").trim(),
    ...(description === "" ? {} : { description }),
    eventTypes: types.length === 0 ? null : types,
  };
}

export function AddWebhookForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const add = useApiAction((body: BodyInputOf<typeof WEBHOOKS.create>) => callOf(WEBHOOKS.create, { body }), {
    onSuccess: () => formRef.current?.reset(),
    announce: (endpoint) => `Endpoint ${endpoint.url} is added. Copy its signing secret now: it is shown only once.`,
    focus: "webhook-secret",
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    add.mutate(bodyOf(event.currentTarget));
  }

  return (
    <div className="space-y-4">
      {add.data ? (
        <OneTimeKey
          name={add.data.url}
          value={add.data.secret}
          title={`The signing secret of ${add.data.url}`}
          inputId="webhook-secret"
          label="Signing secret"
          onDismiss={() => {
            add.reset();
            announce("The secret is hidden for good. Rotate it if it is lost.");
            focusWhenShown("page-title");
          }}
        />
      ) : null}
      <form
        ref={formRef}
        onSubmit={submit}
        noValidate
        aria-labelledby="add-webhook-heading"
        className="space-y-4 rounded-xl border border-slate-200 bg-white p-6"
      >
        <h2 id="add-webhook-heading" className="font-semibold">
          Add an endpoint
        </h2>
        <TextField
          label="URL"
          name="url"
          type="url"
          required
          inputMode="url"
          hint="https:// on a public address; events are POSTed to it, signed."
          error={add.errorFor("url")}
        />
        <TextField label="Description" name="description" hint="Optional: what receives them." error={add.errorFor("description")} />
        <CheckboxGroupField
          legend="Event types (optional)"
          name="eventTypes"
          options={EVENT_TYPES.map((type) => ({ value: type, label: type }))}
          labelClassName="font-mono text-xs"
          hint="None checked: every type, including ones added later."
          error={add.errorFor("eventTypes")}
        />
        <ActionError error={add.error} fieldsShown />
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? "Adding…" : "Add endpoint"}
        </Button>
      </form>
    </div>
  );
}
