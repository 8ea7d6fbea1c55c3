import type { ReactNode } from "react";

import { SiteHeader } from "@/components/ui/site-header";

export default function MarketplaceLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SiteHeader />
      <main className="mx-auto max-w-7xl px-6 py-10">{children}</main>
    </>
  );
}
