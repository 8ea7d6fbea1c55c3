"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { z } from "zod";

// In the browser, zod must not compile validators with `new Function`: the Content-Security-Policy
// forbids eval, and even zod's probe for it is reported as a violation.
if (typeof window !== "undefined") z.config({ jitless: true });

/**
 * React Query for the pages whose components change things (useApiAction): the portal, the admin
 * pages and an app's page. The catalogue's read-only pages go without it and without zod.
 */
export function QueryProviders({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1 } } }));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
