import { withdrawApp } from "@/lib/apps/service";
import { developerAppView } from "@/lib/apps/views";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { APPS } from "@/lib/apps/operations";

// POST /api/dev/apps/:id/withdraw — PENDING → DRAFT: take a listing back out of the review queue.
export const { POST } = handle(APPS.withdraw, async ({ access, params }) =>
  json(developerAppView(await withdrawApp({ access, appId: params.id }))),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
