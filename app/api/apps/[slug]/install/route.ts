import { optionalYaptureUser } from "@/lib/http/with-yapture-user";
import { json, otherMethods } from "@/lib/http";
import { installQuotaKey } from "@/lib/installs/quota";
import { installApp } from "@/lib/installs/service";
import { installView } from "@/lib/installs/views";
import { handle } from "@/lib/http/handle";
import { INSTALLS } from "@/lib/installs/operations";

// POST /api/apps/:slug/install — record an install: 201 when counted, 200 when the workspace already had it.
// Anonymous without a workspace (once per client, app and day), or as a Yapture user (token or session) into one of their own workspaces.
// The install limit is counted here, not by the operation's `limits`: its key (the workspace, or the address) needs the caller and the body.
export const { POST } = handle(INSTALLS.install, async ({ request, params, clientAddress, limit, body: input }) => {
  const installer = await optionalYaptureUser(request);
  await limit("install", installQuotaKey({ slug: params.slug, clientAddress, installer, workspaceId: input.workspaceId }));
  const result = await installApp({ slug: params.slug, input, clientAddress, installer });
  return json(installView(result), { status: result.created ? 201 : 200 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
