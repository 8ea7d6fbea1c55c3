import Link from "next/link";

import type { Page } from "@/db/paginate";

/** Previous/next links of a paged list (`paginate()`), keeping the other query parameters. */
export function Pager({
  basePath,
  params = {},
  of: { page, totalPages },
  hash,
}: {
  basePath: string;
  params?: Record<string, string | undefined>;
  /** Where on the page the links land, e.g. the list's own section. */
  hash?: string;
  of: Pick<Page<unknown>, "page" | "totalPages">;
}) {
  if (totalPages <= 1) return null;
  const href = (target: number) => {
    const query = new URLSearchParams(
      Object.entries({ ...params, page: String(target) }).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    return `${basePath}?${query.toString()}${hash ? `#${hash}` : ""}`;
  };
  return (
    <nav className="flex items-center gap-4 text-sm" aria-label="Pagination">
      {page > 1 ? (
        <Link href={href(page - 1)} className="text-brand-700 hover:underline">
          ← Previous
        </Link>
      ) : null}
      <span className="text-slate-600">
        Page {page} of {totalPages}
      </span>
      {page < totalPages ? (
        <Link href={href(page + 1)} className="text-brand-700 hover:underline">
          Next →
        </Link>
      ) : null}
    </nav>
  );
}
