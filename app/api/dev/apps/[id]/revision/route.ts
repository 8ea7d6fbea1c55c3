import { createRevision, discardRevision, getRevision, updateRevision } from "@/lib/apps/revisions";
import { revisionView } from "@/lib/apps/views";
import { withDeveloper } from "@/lib/http/with-developer";
import { json, noContent, readBody } from "@/lib/http";
import { REVISION_READ_ONLY_FIELDS, revisionBody } from "@/lib/validation/apps";

type Params = { id: string };

// GET /api/dev/apps/:id/revision — the update being prepared or reviewed for a live app.
export const GET = withDeveloper<Params>({ scope: "APP_READ" }, async ({ developer, params }) =>
  json(revisionView(await getRevision({ developer, appId: params.id }))),
);

// POST /api/dev/apps/:id/revision — start an update of an APPROVED or UNPUBLISHED app (a copy of the live listing).
export const POST = withDeveloper<Params>({ scope: "APP_UPDATE" }, async ({ developer, params, request }) => {
  const input = await readBody(request, revisionBody, { optional: true, readOnlyFields: REVISION_READ_ONLY_FIELDS });
  return json(revisionView(await createRevision({ developer, appId: params.id, input })), { status: 201 });
});

// PUT /api/dev/apps/:id/revision — partial update of a DRAFT or REJECTED revision.
export const PUT = withDeveloper<Params>({ scope: "APP_UPDATE" }, async ({ developer, params, request }) => {
  const input = await readBody(request, revisionBody, { readOnlyFields: REVISION_READ_ONLY_FIELDS });
  return json(revisionView(await updateRevision({ developer, appId: params.id, input })));
});

// PATCH /api/dev/apps/:id/revision — alias of PUT.
export const PATCH = PUT;

// DELETE /api/dev/apps/:id/revision — discard a DRAFT or REJECTED revision; the live listing stays.
export const DELETE = withDeveloper<Params>({ scope: "APP_UPDATE" }, async ({ developer, params }) => {
  await discardRevision({ developer, appId: params.id });
  return noContent();
});
