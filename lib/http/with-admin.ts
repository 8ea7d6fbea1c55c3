import { ApiError } from "@/lib/core/errors";

import { isAdministrator, type YaptureIdentity } from "@/lib/callers/identity";
import { authenticateYaptureUser } from "./with-yapture-user";

/** The administrator calling: a Yapture user with a verified email listed in ADMIN_EMAILS. */
export async function authenticateAdmin(request: Request): Promise<YaptureIdentity> {
  const identity = await authenticateYaptureUser(request);
  if (!isAdministrator(identity)) throw new ApiError("forbidden", "administrators only (with a verified Yapture email)");
  return identity;
}
