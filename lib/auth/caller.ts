import type { ApiKey, Developer } from "@/db/schema";
import { authenticateApiKey } from "@/lib/api-keys/authenticate";
import { API_KEY_PREFIX } from "@/lib/api-keys/format";

import { unauthenticated } from "./challenges";
import type { YaptureIdentity } from "./identity";
import { assertSameOriginWrite } from "./same-origin";
import { sessionIdentity } from "./session";
import { verifyYaptureToken } from "./yapture-token";

/** Who is calling: an API key (limited to its scopes) or a Yapture user (token or portal session). */
export type Caller =
  | { kind: "api_key"; key: ApiKey; developer: Developer }
  | { kind: "yapture"; via: "token" | "session"; identity: YaptureIdentity };

const BEARER = /^Bearer +(\S+) *$/i;

/** Resolves the request's credentials, or throws 401 (or 503 when Yapture cannot be asked). */
export async function authenticate(request: Request): Promise<Caller> {
  const authorization = request.headers.get("authorization");
  if (authorization !== null) {
    const token = BEARER.exec(authorization)?.[1];
    if (!token) throw unauthenticated("send credentials as Authorization: Bearer <token>", { tokenSent: true });
    if (token.startsWith(API_KEY_PREFIX)) return { kind: "api_key", ...(await authenticateApiKey(token)) };
    return { kind: "yapture", via: "token", identity: await verifyYaptureToken(token) };
  }
  const identity = await sessionIdentity(request);
  if (identity) {
    assertSameOriginWrite(request);
    return { kind: "yapture", via: "session", identity };
  }
  throw unauthenticated("sign in, or send an API key or a Yapture access token as a bearer token", {
    tokenSent: false,
  });
}
