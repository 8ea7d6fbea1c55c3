import { beforeAll } from "vitest";

import * as appById from "@/app/api/dev/apps/[id]/route";
import * as submit from "@/app/api/dev/apps/[id]/submit/route";

import { createListing } from "./apps";
import { createTestDeveloper, type TestDeveloper } from "./developers";
import { call } from "./http";
import { imageServerForFile } from "./test-file-servers";

/**
 * For the tests of the developer listing routes: this file's image server, a verified developer who
 * owns the listings (filled in before the first test), and calls on listings as the owner or `who`.
 */
export function listingsForFile() {
  const images = imageServerForFile();
  const owner = {} as TestDeveloper;
  beforeAll(async () => {
    Object.assign(owner, await createTestDeveloper());
  });
  return {
    images,
    owner,
    createApp: (overrides: Record<string, unknown> = {}, who: TestDeveloper = owner) => createListing(who, images.origin, overrides),
    get: (id: string, who = owner) => call(appById.GET, { headers: who.token, params: { id } }),
    doSubmit: (id: string, who = owner) => call(submit.POST, { method: "POST", headers: who.token, params: { id } }),
  };
}
