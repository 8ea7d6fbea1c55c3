import { Rating } from "./rating";

/** The average beside how many reviews gave each number of stars (`counts` is 5★ … 1★). */
export function RatingHistogram({ average, counts }: { average: number | null; counts: number[] }) {
  const total = counts.reduce((sum, count) => sum + count, 0);
  return (
    <div className="flex flex-wrap items-center gap-6" data-testid="rating-summary">
      <div className="text-center">
        <p className="text-4xl font-bold">{average === null ? "—" : average.toFixed(1)}</p>
        <p className="text-sm text-slate-600">
          <Rating value={average} count={total} />
        </p>
      </div>
      <ul className="min-w-48 flex-1 space-y-1 text-sm" aria-label="Ratings by stars">
        {counts.map((count, index) => {
          const stars = 5 - index;
          const share = total === 0 ? 0 : Math.round((count / total) * 100);
          return (
            <li key={stars} className="flex items-center gap-2" data-testid={`stars-${stars}`}>
              <span className="w-8 shrink-0 text-slate-700">{stars}★</span>
              <span className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
                <span className="block h-full rounded-full bg-amber-500" style={{ width: `${share}%` }} />
              </span>
              <span className="w-10 shrink-0 text-right text-slate-700">
                {count}
                <span className="sr-only"> {count === 1 ? "review" : "reviews"}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
