"use client";

import { type FormEvent } from "react";

import { ActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { TextField } from "@/components/ui/field";
import { APP_UPDATES } from "@/lib/apps/operations";
import { ROLLOUT_MAX_PERCENT, type RolloutResource } from "@/lib/apps/schemas";
import { callOf } from "@/lib/client/operation-call";
import { useApiAction } from "@/lib/client/use-api-action";

// A listing's staged update (docs/visibility.md, "Staged rollout"): who has it, a larger share,
// everyone, or back. The stage starts at "testers only" when the update is approved.

const reach = ({ stage, percent }: RolloutResource) =>
  stage === "TESTERS" ? "your testers only" : `your testers and ${percent}% of workspaces`;

export function StagedRollout({ appId, rollout, mayEdit }: { appId: string; rollout: RolloutResource; mayEdit: boolean }) {
  return (
    <section aria-labelledby="rollout-heading" className="max-w-3xl space-y-3">
      <h2 id="rollout-heading" className="text-lg font-semibold">
        Staged rollout
      </h2>
      <p className="text-sm" data-testid="rollout-stage">
        Version {rollout.stagedVersion} is live for {reach(rollout)}. Everyone else, and the public marketplace, has version{" "}
        {rollout.liveVersion}.
      </p>
      {mayEdit ? (
        <>
          <ShareForm appId={appId} current={rollout.percent} />
          <div className="flex flex-wrap items-start gap-4">
            <EveryoneButton appId={appId} version={rollout.stagedVersion!} />
            <RollBackButton appId={appId} version={rollout.stagedVersion!} live={rollout.liveVersion} />
          </div>
        </>
      ) : null}
    </section>
  );
}

function ShareForm({ appId, current }: { appId: string; current: number }) {
  const share = useApiAction(
    (percent: number) => callOf(APP_UPDATES.advanceRollout, { params: { id: appId }, body: { stage: "PERCENT", percent } }),
    {
      announce: (rollout) => `The update now reaches your testers and ${rollout.percent}% of workspaces.`,
      focus: "rollout-heading",
    },
  );
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    share.mutate(Number(new FormData(event.currentTarget).get("percent")));
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
      <div className="w-48">
        <TextField
          label="Share of workspaces (%)"
          name="percent"
          type="number"
          inputMode="numeric"
          min={Math.max(1, current)}
          max={ROLLOUT_MAX_PERCENT}
          defaultValue={current > 0 ? current : ""}
          hint={`1 to ${ROLLOUT_MAX_PERCENT}; it only increases.`}
          error={share.errorFor("percent")}
        />
      </div>
      <Button type="submit" variant="secondary" disabled={share.isPending}>
        {share.isPending ? "Saving…" : "Set share"}
      </Button>
      <ActionError error={share.error} fieldsShown />
    </form>
  );
}

function EveryoneButton({ appId, version }: { appId: string; version: number }) {
  const everyone = useApiAction(() => callOf(APP_UPDATES.advanceRollout, { params: { id: appId }, body: { stage: "EVERYONE" } }), {
    announce: (rollout) => `Version ${rollout.liveVersion} is live for everyone.`,
    focus: "versions-heading",
  });
  return (
    <ConfirmButton
      label="Roll out to everyone"
      question={`Make version ${version} live for everyone?`}
      confirmLabel="Roll out"
      action={everyone}
    />
  );
}

function RollBackButton({ appId, version, live }: { appId: string; version: number; live: number }) {
  const back = useApiAction(() => callOf(APP_UPDATES.rollBack, { params: { id: appId } }), {
    announce: `Version ${version} is rolled back: everyone has version ${live}.`,
    focus: "versions-heading",
  });
  return (
    <ConfirmButton
      label="Roll back"
      question={`Roll version ${version} back? Everyone, testers included, gets version ${live} again.`}
      confirmLabel="Roll back"
      action={back}
    />
  );
}
