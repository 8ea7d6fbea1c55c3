import { createHmac } from "node:crypto";

import { env } from "@/lib/core/env";

/**
 * A client as the search-term counts tell clients apart: a keyed hash of its address and the day,
 * so the same client is one client for a day and unrecognisable the next, and no address is kept.
 */
export function dailyClientKey(clientAddress: string, now = new Date()): string {
  return createHmac("sha256", env().nextAuthSecret)
    .update(`search-client:${now.toISOString().slice(0, 10)}:${clientAddress}`)
    .digest("base64url")
    .slice(0, 22);
}
