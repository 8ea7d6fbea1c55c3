"use client";

import { ErrorMessage } from "@/components/ui/error-message";

// A failure outside the marketplace's pages (portal, administration): the message on its own.
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main id="main-content" className="px-4">
      <ErrorMessage digest={error.digest} reset={reset} />
    </main>
  );
}
