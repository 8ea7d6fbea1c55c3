import Link from "next/link";

import { PageHeading } from "@/components/ui/page-heading";
import { PUBLIC_LIMITS } from "@/lib/catalogue/schemas";

/** The not-found page's body: what happened, a search, and the way to the catalogue. */
export function NotFoundMessage() {
  return (
    <section className="mx-auto max-w-xl space-y-5 py-10 text-center" data-testid="not-found">
      <PageHeading className="text-3xl font-bold">Page not found</PageHeading>
      <p className="text-slate-700">The page or app you were looking for does not exist, or is no longer in the marketplace.</p>
      <form action="/apps" className="flex gap-2">
        <input
          dir="auto"
          name="search"
          type="search"
          aria-label="Search apps"
          placeholder="Search apps"
          maxLength={PUBLIC_LIMITS.search}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2"
        />
        <button className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">Search</button>
      </form>
      <p>
        <Link href="/apps" className="font-medium text-brand-700 underline">
          Browse apps
        </Link>
      </p>
    </section>
  );
}
