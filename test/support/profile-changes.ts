import * as publicApp from "@/app/api/apps/[slug]/route";
import * as publicList from "@/app/api/apps/route";
import * as me from "@/app/api/dev/me/route";
import type { App } from "@/db/schema";
import { getPublicDeveloper } from "@/lib/developers/service";
import { publicProfileOf } from "@/lib/developers/public-profile";

import { insertApp } from "./apps";
import { createTestDeveloper, type TestDeveloper } from "./developers";
import { call } from "./http";

// For the tests of verified developers' profile changes: a developer with a public app, their
// profile edits, and what the public sees of them.

export type DeveloperWithApp = TestDeveloper & { app: App };

/** A verified developer (a Yapture user with a token) with one public app, and a company, website and bio to change. */
export async function verifiedDeveloperWithApp(): Promise<DeveloperWithApp> {
  const owner = await createTestDeveloper();
  return { ...owner, app: await insertApp(owner.developer) };
}

/** PUT /api/dev/me with the given headers (the owner's token unless said otherwise). */
export const putProfile = (headers: Record<string, string>, body: unknown) => call(me.PUT, { method: "PUT", headers, body });

/** A verified developer whose change (`proposed`) waits for review, and the change's id. */
export async function pendingProfileChange(proposed: Record<string, unknown> = { name: "Renamed Ltd" }) {
  const owner = await verifiedDeveloperWithApp();
  const res = await putProfile(owner.token, proposed);
  if (res.status !== 200 || res.body.profileChange?.status !== "PENDING") throw new Error(`no pending change: ${res.status} ${res.text}`);
  return { owner, changeId: res.body.profileChange.id as string };
}

/**
 * What the public sees of the developer, everywhere it is shown: the public API's `developer` object
 * of their app (detail and list) and the profile of their public page (/developers/{id}).
 */
export async function publicIdentity({ developer, app }: DeveloperWithApp) {
  const detail = await call(publicApp.GET, { params: { slug: app.slug } });
  const list = await call(publicList.GET, { path: "/api/apps?limit=100" });
  const listed = (list.body.data as { slug: string; developer: unknown }[]).find((item) => item.slug === app.slug);
  return { detail: detail.body.developer, list: listed?.developer, page: publicProfileOf(await getPublicDeveloper(developer.id)) };
}
