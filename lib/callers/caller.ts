import type { ApiKey, Developer } from "@/db/schema";

import type { YaptureIdentity } from "./identity";

/** Who is calling: an API key (limited to its scopes) or a Yapture user (token or portal session). */
export type Caller =
  { kind: "api_key"; key: ApiKey; developer: Developer } | { kind: "yapture"; via: "token" | "session"; identity: YaptureIdentity };
