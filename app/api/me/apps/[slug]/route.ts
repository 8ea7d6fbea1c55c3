import { otherMethods, privateJson } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { ME } from "@/lib/me/operations";
import { readerOfApp } from "@/lib/me/service";
import { readerOfAppView } from "@/lib/me/views";

// GET /api/me/apps/:slug — the person's part of an app's page (workspaces, installs, own review) for
// its islands: the page itself is the same for everyone.
export const { GET } = handle(ME.app, async ({ identity, params }) =>
  privateJson(readerOfAppView(await readerOfApp({ slug: params.slug, person: identity }))),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
