import { expect, type APIRequestContext } from "@playwright/test";

import { E2E_ADMIN_EMAIL } from "./production-env";
import { yaptureHeadersFor } from "./yapture";

type Listing = Record<string, unknown> & { name: string };

/**
 * The person signing in with `email` registered and verified, with one DRAFT listing (`listing`
 * over a complete one whose images the marketplace itself serves); through the API, as a developer
 * and an administrator would. The headers act as that developer and as the administrator.
 */
export async function draftApp(request: APIRequestContext, baseURL: string, email: string, listing: Listing) {
  const developer = await yaptureHeadersFor(request, email);
  const admin = await yaptureHeadersFor(request, E2E_ADMIN_EMAIL);
  expect((await request.post("/api/dev/register", { headers: developer, data: { name: "Journey Developer" } })).status()).toBe(201);
  const me = (await (await request.get("/api/dev/me", { headers: developer })).json()) as { id: string };
  expect((await request.post(`/api/admin/developers/${me.id}/verify`, { headers: admin })).status()).toBe(200);
  const images = `${baseURL}/demo/focus-timer`;
  const created = await request.post("/api/dev/apps", {
    headers: developer,
    data: {
      description: "Keeps a focus timer beside every task.",
      category: "PRODUCTIVITY",
      environment: "production",
      logoUrl: `${images}/logo.png`,
      bannerUrl: `${images}/banner.png`,
      screenshots: [{ url: `${images}/screenshot-1.png` }, { url: `${images}/screenshot-2.png` }],
      ...listing,
    },
  });
  expect(created.status()).toBe(201);
  const app = (await created.json()) as { id: string; slug: string; name: string };
  return { app, developer, admin };
}

/** As draftApp, then submitted and approved: the listing is live. */
export async function liveApp(request: APIRequestContext, baseURL: string, email: string, listing: Listing) {
  const { app, developer, admin } = await draftApp(request, baseURL, email, listing);
  expect((await request.post(`/api/dev/apps/${app.id}/submit`, { headers: developer })).status()).toBe(200);
  expect((await request.post(`/api/admin/apps/${app.id}/approve`, { headers: admin })).status()).toBe(200);
  return app;
}
