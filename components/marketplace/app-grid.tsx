"use client";

import type { PublicAppCard } from "@/lib/apps/views";

import { AppCard } from "./app-card";

/**
 * A grid of app cards, rendered from the cards' data. As a client component, a page carries each card
 * to the browser as its fields rather than as its element tree, which the server would otherwise
 * serialise, parse back for the HTML and send again inside the page: the home page went from 64 to
 * 43 KB, and its server CPU down by 12–23% (docs/benchmarks.md).
 */
export function AppGrid({ apps, className }: { apps: readonly PublicAppCard[]; className: string }) {
  return (
    // grid-cols-1, not the implicit auto column: that one grows to the widest card's no-wrap title.
    <div className={`grid grid-cols-1 gap-4 ${className}`}>
      {apps.map((app) => (
        <AppCard key={app.slug} app={app} />
      ))}
    </div>
  );
}
