import Link from "next/link";

/** Previous/next links that keep the other query parameters. */
export function Pager({ basePath, params, page, totalPages }: { basePath: string; params: Record<string, string | undefined>; page: number; totalPages: number }) {
  if (totalPages <= 1) return null;
  const href = (target: number) => {
    const query = new URLSearchParams(Object.entries({ ...params, page: String(target) }).filter((entry): entry is [string, string] => entry[1] !== undefined));
    return `${basePath}?${query.toString()}`;
  };
  return (
    <nav className="flex items-center gap-4 text-sm" aria-label="Pagination">
      {page > 1 ? <Link href={href(page - 1)} className="text-brand-700 hover:underline">← Previous</Link> : null}
      <span className="text-slate-500">
        Page {page} of {totalPages}
      </span>
      {page < totalPages ? <Link href={href(page + 1)} className="text-brand-700 hover:underline">Next →</Link> : null}
    </nav>
  );
}
