import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";

import { Announcer } from "@/components/ui/announcer";
import { releaseFinishedRender } from "@/lib/pages/release-finished-render";

import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Yapture Marketplace", template: "%s · Yapture Marketplace" },
  description: "Apps and integrations that extend Yapture.",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page is rendered per request, so each gets the nonce of its own Content-Security-Policy.
  await connection();
  releaseFinishedRender();
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        <a
          href="#main-content"
          className="sr-only rounded-lg bg-white px-4 py-2 font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
        >
          Skip to content
        </a>
        {children}
        <Announcer />
      </body>
    </html>
  );
}
