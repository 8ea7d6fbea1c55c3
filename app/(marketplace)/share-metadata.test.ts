import { beforeAll, describe, expect, it } from "vitest";

import type { App, Developer } from "@/db/schema";
import { env } from "@/lib/core/env";
import { insertApp } from "@/test/support/apps";
import { insertDeveloper } from "@/test/support/developers";

import * as appPage from "./apps/[slug]/page";
import * as browsePage from "./apps/(browse)/page";
import * as developerPage from "./developers/[id]/page";
import * as homePage from "./page";

// What a link pasted into a chat shows, and the canonical address: the pages' generateMetadata,
// as Next renders it into <meta property="og:…"> and <link rel="canonical">.

const origin = () => env().APP_URL.replace(/\/+$/, "");
const noSearch = Promise.resolve({});

let developer: Developer;
let app: App;

beforeAll(async () => {
  developer = await insertDeveloper({ companyName: "Share Co", bio: "We build sharing things." });
  app = await insertApp(developer, { name: "Shareable", description: "Share what you do.", reviewCount: 2, ratingSum: 9 });
});

describe("sharing metadata", () => {
  it("an app page has its Open Graph and Twitter card, with its picture on this origin, and its canonical URL", async () => {
    const metadata = await appPage.generateMetadata({ params: Promise.resolve({ slug: app.slug }), searchParams: noSearch });
    const url = `${origin()}/apps/${app.slug}`;
    expect(metadata.alternates?.canonical).toBe(url);
    expect(metadata.openGraph).toMatchObject({
      type: "website",
      siteName: "Yapture Marketplace",
      url,
      title: "Shareable",
      description: "Share what you do.",
    });
    const [image] = metadata.openGraph!.images as { url: string; width: number; height: number; alt: string }[];
    expect(image!.url).toMatch(new RegExp(`^${origin()}/assets/share/${app.slug}\\.jpg\\?v=[\\w-]{16}$`));
    expect(image).toMatchObject({ width: 1200, height: 630, alt: "Shareable on Yapture Marketplace" });
    expect(metadata.twitter).toMatchObject({ card: "summary_large_image", title: "Shareable", description: "Share what you do." });
    expect((metadata.twitter!.images as { url: string }[])[0]!.url).toBe(image!.url);
  });

  it("names a new picture when what it shows changes", async () => {
    const imageOf = async (slug: string) => {
      const metadata = await appPage.generateMetadata({ params: Promise.resolve({ slug }), searchParams: noSearch });
      return (metadata.openGraph!.images as { url: string }[])[0]!.url;
    };
    const other = await insertApp(developer, { name: "Shareable", description: "Share what you do." });
    const rated = await insertApp(developer, { name: "Shareable", description: "Share what you do.", reviewCount: 1, ratingSum: 2 });
    expect((await imageOf(other.slug)).split("?v=")[1]).not.toBe((await imageOf(rated.slug)).split("?v=")[1]);
  });

  it("the home, browse and developer pages have theirs", async () => {
    const home = homePage.generateMetadata();
    expect(home.alternates?.canonical).toBe(`${origin()}/`);
    expect(home.openGraph).toMatchObject({ url: `${origin()}/`, title: "Yapture Marketplace" });
    expect(home.twitter).toMatchObject({ card: "summary" });

    const browse = await browsePage.generateMetadata({ searchParams: Promise.resolve({ search: "slack", page: "2" }) });
    expect(browse.alternates?.canonical).toBe(`${origin()}/apps`);
    const category = await browsePage.generateMetadata({ searchParams: Promise.resolve({ category: "analytics", sort: "name" }) });
    expect(category.alternates?.canonical).toBe(`${origin()}/apps?category=ANALYTICS`);
    expect(category.openGraph).toMatchObject({ title: "Analytics apps for Yapture" });
    const nonsense = await browsePage.generateMetadata({ searchParams: Promise.resolve({ category: "<nope>" }) });
    expect(nonsense.alternates?.canonical).toBe(`${origin()}/apps`);

    const maker = await developerPage.generateMetadata({ params: Promise.resolve({ id: developer.id }) });
    expect(maker.alternates?.canonical).toBe(`${origin()}/developers/${developer.id}`);
    expect(maker.openGraph).toMatchObject({ title: "Share Co on Yapture Marketplace", description: "We build sharing things." });
  });
});
