import { RejectionReasons } from "@/components/ui/rejection-reasons";
import type { PastRejectionsResource } from "@/lib/apps/schemas";

/** Every rejection of the listing and of its updates, newest first: what reviewers asked for before, not only the last time. */
export function PastRejections({ rejections }: { rejections: PastRejectionsResource["data"] }) {
  if (rejections.length === 0) return null;
  return (
    <section aria-labelledby="past-rejections-heading" className="max-w-3xl space-y-3" data-testid="past-rejections">
      <h2 id="past-rejections-heading" className="text-lg font-semibold">
        Past rejections ({rejections.length})
      </h2>
      <ol className="space-y-3">
        {rejections.map((rejection) => (
          <li key={rejection.rejectedAt} className="space-y-2 rounded-xl border border-slate-200 bg-slate-50 p-4">
            <p className="text-sm font-medium text-slate-900">{rejection.of === "listing" ? "The listing" : "An update"}</p>
            <RejectionReasons rejection={rejection} />
          </li>
        ))}
      </ol>
    </section>
  );
}
