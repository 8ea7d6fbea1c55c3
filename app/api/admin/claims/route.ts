import { listClaims } from "@/lib/approval-queue/claims";
import { WORKBENCH } from "@/lib/approval-queue/operations";
import { claimView } from "@/lib/approval-queue/views";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";

// GET /api/admin/claims — every claim that holds now, with who holds it.
export const { GET } = handle(WORKBENCH.claims, async ({ admin }) =>
  json({ data: (await listClaims()).map((claim) => claimView(claim, admin)) }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
