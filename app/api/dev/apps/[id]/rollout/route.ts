import { APP_UPDATES } from "@/lib/apps/operations";
import { advanceRollout, getRollout, rollBack } from "@/lib/apps/rollout";
import { rolloutView } from "@/lib/apps/views";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";

// GET /api/dev/apps/:id/rollout — where the staged update stands.
export const { GET } = handle(APP_UPDATES.rollout, async ({ access, params }) =>
  json(rolloutView(await getRollout({ access, appId: params.id }))),
);

// PUT /api/dev/apps/:id/rollout — {stage: TESTERS | PERCENT (percent) | EVERYONE}: move it on; a share only increases.
export const { PUT } = handle(APP_UPDATES.advanceRollout, async ({ access, params, body }) =>
  json(rolloutView(await advanceRollout({ access, appId: params.id, input: body }))),
);

// DELETE /api/dev/apps/:id/rollout — roll it back: everyone has the live version.
export const { DELETE } = handle(APP_UPDATES.rollBack, async ({ access, params }) =>
  json(rolloutView(await rollBack({ access, appId: params.id }))),
);

export const { POST, PATCH } = otherMethods(["GET", "PUT", "DELETE"]);
