import { createRevision, discardRevision, getRevision, updateRevision } from "@/lib/apps/revisions";
import { revisionView } from "@/lib/apps/views";
import { json, noContent } from "@/lib/http";
import { handle, type HandlerContext } from "@/lib/http/handle";
import { APP_UPDATES } from "@/lib/apps/operations";

// GET /api/dev/apps/:id/revision — the update being prepared or reviewed for a live app.
export const { GET } = handle(APP_UPDATES.get, async ({ access, params }) =>
  json(revisionView(await getRevision({ access, appId: params.id }))),
);

// POST /api/dev/apps/:id/revision — start an update of an APPROVED or UNPUBLISHED app (a copy of the live listing).
export const { POST } = handle(APP_UPDATES.create, async ({ access, params, body: input }) =>
  json(revisionView(await createRevision({ access, appId: params.id, input })), { status: 201 }),
);

// PUT /api/dev/apps/:id/revision — partial update of a DRAFT or REJECTED revision; PATCH is its alias.
const update = async ({ access, params, body: input }: HandlerContext<typeof APP_UPDATES.update>) =>
  json(revisionView(await updateRevision({ access, appId: params.id, input })));
export const { PUT } = handle(APP_UPDATES.update, update);
export const { PATCH } = handle(APP_UPDATES.patch, update);

// DELETE /api/dev/apps/:id/revision — discard a DRAFT or REJECTED revision; the live listing stays.
export const { DELETE } = handle(APP_UPDATES.discard, async ({ access, params }) => {
  await discardRevision({ access, appId: params.id });
  return noContent();
});
