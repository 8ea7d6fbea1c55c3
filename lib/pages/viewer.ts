import { headers } from "next/headers";

import type { Viewer } from "@/lib/analytics/seen";
import { currentUser } from "@/lib/auth/portal-session";
import { CLIENT_ADDRESS_HEADER, clientNetworkOf, UNKNOWN_CLIENT } from "@/lib/core/client-address";

/**
 * Who is looking at the page being rendered, for its analytics only (lib/analytics/seen.ts: the
 * administrators' and publishers' own views are left out). Never for what the page shows: public
 * pages are the same bytes for everyone (docs/architecture.md, "Pages the same for everyone").
 */
export async function pageViewer(): Promise<Viewer> {
  const [request, user] = await Promise.all([headers(), currentUser()]);
  return {
    userAgent: request.get("user-agent"),
    clientAddress: clientNetworkOf(request.get(CLIENT_ADDRESS_HEADER) ?? UNKNOWN_CLIENT),
    person: user ? { sub: user.yaptureUserId, isAdmin: user.isAdmin } : null,
  };
}

/** The client of the page being rendered, as limits count it (lib/core/client-address.ts). */
export async function pageClientAddress(): Promise<string> {
  return clientNetworkOf((await headers()).get(CLIENT_ADDRESS_HEADER) ?? UNKNOWN_CLIENT);
}

/** Who calls a public API read: its User-Agent and address (the API does not look at credentials for these). */
export function apiViewer(request: Request): Viewer {
  return {
    userAgent: request.headers.get("user-agent"),
    clientAddress: clientNetworkOf(request.headers.get(CLIENT_ADDRESS_HEADER) ?? UNKNOWN_CLIENT),
    person: null,
  };
}
