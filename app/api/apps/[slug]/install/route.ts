import { optionalYaptureUser } from "@/lib/http/with-yapture-user";
import { json, otherMethods, readBody, route } from "@/lib/http";
import { installApp } from "@/lib/installs/service";
import { installView } from "@/lib/installs/views";
import { installBody } from "@/lib/validation/public";

// POST /api/apps/:slug/install — record an install: 201 when counted, 200 when the workspace already had it.
// Anonymous without a workspace (once per client, app and day), or as a Yapture user (token or session) into one of their own workspaces.
export const POST = route<{ slug: string }>(async ({ request, params, clientAddress, limit }) => {
  await limit("install", `${clientAddress} ${params.slug}`);
  const installer = await optionalYaptureUser(request);
  const input = await readBody(request, installBody, { optional: true });
  const result = await installApp({ slug: params.slug, input, clientAddress, installer });
  return json(installView(result), { status: result.created ? 201 : 200 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
