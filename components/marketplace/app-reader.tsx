"use client";

import { useQuery } from "@tanstack/react-query";
import { createContext, useContext, useEffect, type ReactNode } from "react";

import { apiFetch, ProblemError } from "@/lib/client/api";
import { callOf, type OperationEndpoint } from "@/lib/client/operation-call";
import { forgetSignedInHint, useSignedInHint } from "@/lib/client/signed-in-hint";
import type { ME } from "@/lib/me/operations";
import type { ReaderOfAppResource } from "@/lib/me/schemas";

/**
 * Who reads an app's page, as its islands (Install, the review form, the own review pinned first,
 * Report) see them: nobody signed in (the HTML as the server sent it, the same for everyone), still
 * being asked, or the person's part of the page (GET /api/me/apps/:slug).
 */
export type AppReader = { state: "anonymous" } | { state: "asking" } | ({ state: "signed-in" } & ReaderOfAppResource);

const ANONYMOUS: AppReader = { state: "anonymous" };
const ASKING: AppReader = { state: "asking" };

/** The reader the page's islands see; AppReaderProvider provides it (tests give one directly). */
export const ReaderContext = createContext<AppReader>(ANONYMOUS);

/**
 * Asks for the person's part of the page once it is in the browser, when the hint cookie says
 * someone signed in. Actions re-ask it (useApiAction invalidates the page's queries with its refresh),
 * keeping the last answer on screen meanwhile.
 */
export function AppReaderProvider({
  endpoint,
  slug,
  children,
}: {
  endpoint: OperationEndpoint<typeof ME.app>;
  slug: string;
  children: ReactNode;
}) {
  const hinted = useSignedInHint();
  const query = useQuery({
    queryKey: ["reader-of-app", slug],
    queryFn: () => apiFetch<ReaderOfAppResource>(callOf(endpoint, { params: { slug } }).path),
    enabled: hinted,
    // Asked again after the person's own actions only: a form they are typing in never goes away under them.
    refetchOnWindowFocus: false,
    // A refusal (401, 404) is the answer; only a failure of the server is asked once more.
    retry: (failures, error) => failures < 1 && !(error instanceof ProblemError && error.status < 500),
  });
  const ended = query.error instanceof ProblemError && query.error.status === 401;
  useEffect(() => {
    // The session behind the hint has ended (signed out elsewhere, expired, suspended).
    if (ended) forgetSignedInHint();
  }, [ended]);
  const reader: AppReader = !hinted ? ANONYMOUS : query.data ? { state: "signed-in", ...query.data } : query.isError ? ANONYMOUS : ASKING;
  return <ReaderContext value={reader}>{children}</ReaderContext>;
}

export const useAppReader = (): AppReader => useContext(ReaderContext);

/** What only a signed-in reader is offered (Report): nothing in the page as the server sends it. */
export function IfSignedIn({ children }: { children: ReactNode }) {
  return useAppReader().state === "signed-in" ? children : null;
}
