import type { Metadata } from "next";

import { NotFoundMessage } from "@/components/marketplace/not-found-message";
import { SiteHeader } from "@/components/ui/site-header";

/** The tab and the history say what happened, not just the site's name. */
export const metadata: Metadata = { title: "Page not found" };

// Unknown URLs, and notFound() outside the marketplace (portal, admin): with the site's header.
export default function NotFound() {
  return (
    <>
      <SiteHeader />
      <main id="main-content" className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
        <NotFoundMessage />
      </main>
    </>
  );
}
