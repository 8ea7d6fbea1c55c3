"use client";

import Link from "next/link";

import { PageHeading } from "@/components/ui/page-heading";
import { useScriptOnlyButton } from "@/lib/client/use-hydrated";

/** What an unexpected failure while rendering a page shows: say so plainly, offer a retry and a way out. */
export function ErrorMessage({ digest, reset }: { digest: string | undefined; reset: () => void }) {
  const scriptOnly = useScriptOnlyButton();
  return (
    <section className="mx-auto max-w-xl space-y-5 py-10 text-center" data-testid="error-page">
      <PageHeading className="text-3xl font-bold">Something went wrong</PageHeading>
      <p className="text-slate-700">The page could not be shown. Try again in a moment.</p>
      {digest ? <p className="text-xs text-slate-600">Reference: {digest}</p> : null}
      <div className="flex justify-center gap-3">
        <button
          type="button"
          onClick={reset}
          {...scriptOnly}
          className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
        >
          Try again
        </button>
        <Link href="/apps" className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800">
          Browse apps
        </Link>
      </div>
    </section>
  );
}
