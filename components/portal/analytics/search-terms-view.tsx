import { formatCount } from "@/lib/core/format-count";
import { DataCell, DataTable } from "@/components/ui/data-table";
import type { SearchTerms } from "@/lib/analytics/schemas";

/** The marketplace searches that led people to the app. */
export function SearchTermsView({ terms }: { terms: SearchTerms }) {
  return (
    <section aria-labelledby="terms-heading" className="space-y-3">
      <h2 id="terms-heading" className="text-lg font-semibold">
        Top search terms
      </h2>
      <p className="text-sm text-slate-600">
        Searches on the marketplace that led to your page or an install. A term shows once {terms.minimumClients} different people searched
        it, so no one&apos;s search is exposed.
      </p>
      <DataTable
        caption="Top search terms"
        columns={["Search", "Page views", "Installs"]}
        empty={terms.terms.length === 0 ? "No search term reached the threshold in this range." : null}
      >
        {terms.terms.map((row) => (
          <tr key={row.term} className="border-t border-slate-100">
            <DataCell label="Search">{row.term}</DataCell>
            <DataCell label="Page views">{formatCount(row.pageViews)}</DataCell>
            <DataCell label="Installs">{formatCount(row.installs)}</DataCell>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
