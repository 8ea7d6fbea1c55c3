"use client";

import { ErrorMessage } from "@/components/ui/error-message";

// A failure in a marketplace page: inside the site's layout, with its header and search.
export default function MarketplaceError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <ErrorMessage digest={error.digest} reset={reset} />;
}
