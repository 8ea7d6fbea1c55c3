import type { Metadata } from "next";

import { NotFoundMessage } from "@/components/marketplace/not-found-message";

/** The tab and the history say what happened, not just the site's name. */
export const metadata: Metadata = { title: "Page not found" };

// notFound() from a marketplace page (an unknown slug or developer): inside the site's layout.
export default function MarketplaceNotFound() {
  return <NotFoundMessage />;
}
