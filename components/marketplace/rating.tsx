export function Rating({ value, count }: { value: number | null; count: number }) {
  if (value === null) return <span className="text-slate-600">No reviews yet</span>;
  return (
    <span aria-label={`Rated ${value.toFixed(1)} out of 5 from ${count} reviews`}>
      <span className="text-amber-500">★</span> {value.toFixed(1)} <span className="text-slate-600">({count})</span>
    </span>
  );
}
