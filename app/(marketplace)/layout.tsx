import type { ReactNode } from "react";

import { SiteHeader } from "@/components/ui/site-header";

export default function MarketplaceLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SiteHeader />
      <main id="main-content" className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
        {children}
      </main>
    </>
  );
}
