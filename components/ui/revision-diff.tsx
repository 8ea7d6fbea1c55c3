import { diffWords } from "@/lib/diff/words";
import { LISTING_FIELDS } from "@/lib/apps/listing-declaration";
import type { RevisionChange } from "@/lib/apps/schemas";

// What an update changes, field by field, for its developer (portal) and its reviewer (queue),
// each shown as the listing's declaration says (lib/validation/listing-fields.ts).

const EMPTY = <span className="text-slate-500 italic">none</span>;

/** Removed words struck through in red, added words underlined in green; screen readers hear which is which. */
export function TextDiff({ before, after }: { before: string; after: string }) {
  return (
    <p dir="auto" className="text-sm break-words whitespace-pre-wrap text-slate-800">
      {diffWords(before, after).map((part, index) =>
        part.kind === "same" ? (
          <span key={index}>{part.text}</span>
        ) : part.kind === "removed" ? (
          <del key={index} className="bg-red-50 text-red-800 decoration-red-700">
            <span className="sr-only">[removed: </span>
            {part.text}
            <span className="sr-only">]</span>
          </del>
        ) : (
          <ins key={index} className="bg-emerald-50 text-emerald-900 decoration-emerald-700">
            <span className="sr-only">[added: </span>
            {part.text}
            <span className="sr-only">]</span>
          </ins>
        ),
      )}
    </p>
  );
}

/* eslint-disable @next/next/no-img-element -- developer-hosted images on arbitrary hosts */
function ImageSide({ url, label, wide }: { url: string | null; label: string; wide?: boolean }) {
  return (
    <figure className="min-w-0 space-y-1">
      <figcaption className="text-xs font-medium text-slate-600 uppercase">{label}</figcaption>
      {url ? (
        <img
          src={url}
          alt={label}
          className={`rounded-lg border border-slate-200 object-cover ${wide ? "aspect-[2/1] w-full max-w-sm" : "h-20 w-20 bg-[#fff]"}`}
        />
      ) : (
        EMPTY
      )}
    </figure>
  );
}

type Shot = { url: string; caption: string | null };

function Shots({ shots, label }: { shots: Shot[]; label: string }) {
  return (
    <div className="space-y-1">
      <p className="text-xs font-medium text-slate-600 uppercase">{label}</p>
      <ul className="flex flex-wrap gap-2">
        {shots.map((shot, index) => (
          <li key={`${shot.url}-${index}`} className="w-32 min-w-0 space-y-1">
            <img
              src={shot.url}
              alt={shot.caption ?? `Screenshot ${index + 1}`}
              className="aspect-video w-full rounded border border-slate-200 object-cover"
            />
            {shot.caption ? (
              <p dir="auto" className="truncate text-xs text-slate-600">
                {shot.caption}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function ChangeBody({ change }: { change: RevisionChange }) {
  if (change.field === "screenshots") {
    return (
      <div className="space-y-3">
        <Shots shots={change.before} label="Before" />
        <Shots shots={change.after} label="After" />
      </div>
    );
  }
  const spec = LISTING_FIELDS[change.field];
  if (spec.compare === "picture" || spec.compare === "wide picture") {
    return (
      <div className="flex flex-wrap gap-4">
        <ImageSide url={change.before} label="Before" wide={spec.compare === "wide picture"} />
        <ImageSide url={change.after} label="After" wide={spec.compare === "wide picture"} />
      </div>
    );
  }
  if (spec.compare === "option") {
    const options: Readonly<Record<string, string>> = spec.options;
    return <TextDiff before={change.before ? options[change.before]! : ""} after={change.after ? options[change.after]! : ""} />;
  }
  return <TextDiff before={change.before ?? ""} after={change.after ?? ""} />;
}

/** Each field an update changes, with its live (before) and proposed (after) value. */
export function RevisionDiff({ changes }: { changes: RevisionChange[] }) {
  if (changes.length === 0) {
    return (
      <p className="text-sm text-slate-600" data-testid="revision-diff">
        No changes yet: the update is the same as the live version.
      </p>
    );
  }
  return (
    <dl className="space-y-4" data-testid="revision-diff">
      {changes.map((change) => (
        <div
          key={change.field}
          className="space-y-1 rounded-lg border border-slate-200 bg-white p-3"
          data-testid="revision-change"
          data-field={change.field}
        >
          <dt className="text-sm font-semibold text-slate-900">{LISTING_FIELDS[change.field].label}</dt>
          <dd className="min-w-0">
            <ChangeBody change={change} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
