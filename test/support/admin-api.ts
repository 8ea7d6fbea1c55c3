import { beforeAll } from "vitest";

import type { NextRouteHandler } from "@/lib/http";

import { call } from "./http";
import { bearer, newUser } from "./identity";

/** The administrator of the admin API's tests (ADMIN_EMAILS lists admin@example.com outside production). */
export const adminUser = newUser({ email: "admin@example.com", name: "Ada Admin" });

/** The administrator's bearer header for this test file, and POST to an admin action with it (or with `as`). */
export function adminApiForFile() {
  let headers: Record<string, string>;
  beforeAll(async () => {
    headers = await bearer(adminUser);
  });
  return {
    get headers() {
      return headers;
    },
    post: (handler: NextRouteHandler, id: string, body?: unknown, as: Record<string, string> = headers) =>
      call(handler, { method: "POST", headers: as, params: { id }, body }),
  };
}
