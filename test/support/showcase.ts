import type { App, Developer } from "@/db/schema";

import { insertApp, insertApps } from "./apps";
import { insertDeveloper } from "./developers";

/**
 * The public catalogue of the detail, featured and categories tests: "slack-sync" with every
 * public field set (and internals that must never show), twelve featured apps, two finance apps,
 * and featured apps that are not public.
 */
export async function insertShowcase(): Promise<{ developer: Developer; app: App; topFeatured: App[] }> {
  const developer = await insertDeveloper({ name: "Ada Dev", companyName: "Acme Apps", websiteUrl: "https://acme.example.com" });
  const app = await insertApp(developer, {
    slug: "slack-sync",
    name: "Slack Sync",
    description: "Mirror Slack channels into tasks.",
    longDescription: "## Two-way sync\nEvery thread becomes a task.",
    language: "en-GB",
    category: "COMMUNICATION",
    environment: "staging",
    featured: true,
    installCount: 7,
    reviewCount: 2,
    ratingSum: 9,
    oauthClientId: "oauth-client-secretive-123",
    // Internals an approved app may still carry from its history: never public.
    rejection: {
      reasons: [{ criterion: "QUALITY", message: "blurry-logo-note" }],
      message: "earlier-rejection-note",
      rejectedAt: new Date().toISOString(),
    },
    unpublishReason: "earlier-unpublish-note",
    publishedAt: new Date("2026-03-01T10:00:00.000Z"),
  });
  // Twelve featured apps in all (the one above and these eleven), three of them on staging.
  const topFeatured = await insertApps(
    developer,
    Array.from({ length: 11 }, (_, i) => ({
      category: "PRODUCTIVITY" as const,
      featured: true,
      installCount: 100 + i,
      environment: i < 3 ? ("staging" as const) : ("production" as const),
    })),
  );
  await insertApps(developer, [{ category: "FINANCE" }, { category: "FINANCE", installCount: 1000 }]);
  // Never public: a featured draft and a featured approved app of a suspended developer.
  await insertApp(developer, { category: "FINANCE", featured: true, status: "DRAFT", installCount: 5000 });
  const suspended = await insertDeveloper({ status: "SUSPENDED" });
  await insertApp(suspended, { category: "FINANCE", featured: true, installCount: 5000 });
  return { developer, app, topFeatured };
}
