import { json, otherMethods, readBody, route } from "@/lib/http";
import { installApp } from "@/lib/installs/service";
import { installView } from "@/lib/installs/views";
import { installBody } from "@/lib/validation/public";

// POST /api/apps/:slug/install — record an install: 201 when counted, 200 when the workspace already had it.
export const POST = route<{ slug: string }>(async ({ request, params }) => {
  const input = await readBody(request, installBody, { optional: true });
  const result = await installApp({ slug: params.slug, input });
  return json(installView(result), { status: result.created ? 201 : 200 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
