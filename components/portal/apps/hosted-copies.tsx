/** The copies the marketplace made of the listing's images at its last submit: what visitors get. */
export function HostedCopies({ copies }: { copies: Record<string, string> }) {
  const entries = Object.entries(copies);
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="hosted-copies-heading" className="space-y-2 text-sm" data-testid="hosted-copies">
      <h3 id="hosted-copies-heading" className="font-semibold text-slate-900">
        Images as checked at your last submit
      </h3>
      <p className="text-slate-600">
        Visitors see these copies, served by the marketplace; changing a file on your server changes nothing until you submit again.
      </p>
      <ul className="space-y-1">
        {entries.map(([yours, hosted]) => (
          <li key={yours} className="min-w-0 break-all">
            <span className="text-slate-600">{yours}</span> →{" "}
            <a href={hosted} className="text-brand-700 underline">
              hosted copy
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
