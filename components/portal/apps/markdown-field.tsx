"use client";

import { useState } from "react";

import { formatCount } from "@/lib/core/format-count";
import { Markdown } from "@/components/ui/markdown";
import { useScriptOnlyButton } from "@/lib/client/use-hydrated";

type Props = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  error?: string;
};

/** A markdown textarea with a toggle that renders it exactly as the public page will. */
export function MarkdownField({ id, label, value, onChange, maxLength, error }: Props) {
  const [preview, setPreview] = useState(false);
  const scriptOnly = useScriptOnlyButton();
  return (
    <div className="space-y-1">
      <div className="flex items-center justify-between">
        {preview ? (
          <p className="text-sm font-medium text-slate-700">{label}</p>
        ) : (
          <label htmlFor={id} className="text-sm font-medium text-slate-700">
            {label}
          </label>
        )}
        <button
          type="button"
          {...scriptOnly}
          aria-pressed={preview}
          onClick={() => setPreview(!preview)}
          className="text-xs font-medium text-brand-700 hover:underline"
        >
          {preview ? "Back to editing" : "Preview"}
        </button>
      </div>
      {preview ? (
        <section aria-label={`${label} preview`} className="min-h-32 rounded-lg border border-slate-200 bg-slate-50 p-4">
          {value.trim() ? <Markdown source={value} /> : <p className="text-sm text-slate-500">Nothing to preview yet.</p>}
        </section>
      ) : (
        <textarea
          dir="auto"
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          rows={10}
          maxLength={maxLength}
          aria-invalid={error ? true : undefined}
          className="w-full rounded-lg border border-slate-300 px-3 py-2 font-mono text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-red-500"
        />
      )}
      {error ? (
        <p className="text-xs text-red-600">{error}</p>
      ) : (
        <p className="text-xs text-slate-500">
          Optional. Markdown: headings, lists, links, **bold**; no HTML. {formatCount(value.length)} / {formatCount(maxLength)} characters.
        </p>
      )}
    </div>
  );
}
