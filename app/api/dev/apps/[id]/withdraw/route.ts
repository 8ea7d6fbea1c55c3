import { withdrawApp } from "@/lib/apps/service";
import { developerAppView } from "@/lib/apps/views";
import { withDeveloper } from "@/lib/http/with-developer";
import { json, otherMethods } from "@/lib/http";

// POST /api/dev/apps/:id/withdraw — PENDING → DRAFT: take a listing back out of the review queue.
export const POST = withDeveloper<{ id: string }>({ scope: "APP_UPDATE" }, async ({ developer, params }) =>
  json(developerAppView(await withdrawApp({ developerId: developer.id, appId: params.id }))),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
