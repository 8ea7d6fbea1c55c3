import { beforeAll, describe, expect, it } from "vitest";

import type { App, Developer } from "@/db/schema";
import { call } from "@/test/support/http";
import { insertShowcase } from "@/test/support/showcase";

import * as list from "../route";
import * as bySlug from "./route";

const getApp = (slug: string) => call(bySlug.GET, { path: `/api/apps/${slug}`, params: { slug } });

let developer: Developer;
let app: App;

beforeAll(async () => {
  ({ developer, app } = await insertShowcase());
});

describe("GET /api/apps/:slug", () => {
  it("returns exactly the contract's public fields", async () => {
    const res = await getApp("slack-sync");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      slug: "slack-sync",
      name: "Slack Sync",
      description: app.description,
      longDescription: app.longDescription,
      language: "en-GB",
      category: "COMMUNICATION",
      environment: "staging",
      logoUrl: app.logoUrl,
      bannerUrl: app.bannerUrl,
      websiteUrl: app.websiteUrl,
      screenshots: [
        { url: "https://cdn.example.com/slack-sync/shot-1.png", caption: "First", order: 0 },
        { url: "https://cdn.example.com/slack-sync/shot-2.png", caption: "Second", order: 1 },
      ],
      featured: true,
      installCount: 7,
      // The fixture removed none of them.
      activeInstallCount: 7,
      version: 1,
      changelog: [],
      reviewCount: 2,
      averageRating: 4.5,
      developer: { id: developer.id, name: "Ada Dev", companyName: "Acme Apps", websiteUrl: "https://acme.example.com" },
      publishedAt: "2026-03-01T10:00:00.000Z",
      updatedAt: app.updatedAt.toISOString(),
    });
  });

  it("never says anything internal about the app or its developer", async () => {
    const res = await getApp("slack-sync");
    for (const secret of [
      developer.email,
      developer.yaptureUserId,
      app.id,
      "oauth-client-secretive-123",
      "blurry-logo-note",
      "earlier-rejection-note",
      "earlier-unpublish-note",
    ]) {
      expect(res.text).not.toContain(secret);
    }
    expect(res.text).not.toMatch(
      /"(status|rejection|unpublishReason|oauthClientId|developerId|email|yaptureUserId|searchDocument|ratingSum)"/,
    );
    // The developer's id is public (their page is /developers/{id}); the app's is not.
    expect(Object.keys(res.body)).not.toContain("id");
  });

  it.each(["no-such-app", "featured", "categories", "new", "search", "Slack-Sync", "slack_sync", "..%2Fetc", "a".repeat(61), "-x", "x-"])(
    "answers %s with 404 not_found",
    async (slug) => {
      const res = await getApp(slug);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("not_found");
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(res.headers.get("cache-control")).toBe("no-store");
    },
  );

  it("lists apps in the same shape as the detail", async () => {
    const detail = await getApp("slack-sync");
    const listed = await call(list.GET, { path: "/api/apps?category=COMMUNICATION" });
    expect(listed.body.data).toEqual([detail.body]);
  });
});
