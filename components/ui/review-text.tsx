/** A customer review's stars, title and text, as the app page and the publisher's portal show it. */
export function ReviewText({ rating, title, body }: { rating: number; title: string | null; body: string | null }) {
  return (
    <>
      <p className="text-sm">
        <span className="text-amber-600" aria-label={`${rating} out of 5 stars`}>
          {"★".repeat(rating)}
          <span className="text-slate-400">{"★".repeat(5 - rating)}</span>
        </span>{" "}
        {title ? <strong dir="auto">{title}</strong> : null}
      </p>
      {body ? (
        <p dir="auto" className="mt-1 text-sm break-words whitespace-pre-line text-slate-700" data-testid="review-body">
          {body}
        </p>
      ) : null}
    </>
  );
}
