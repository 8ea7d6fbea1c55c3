"use client";

import { useEffect, useRef } from "react";

import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { LISTING_LIMITS } from "@/lib/apps/listing-rules";

import { moveRow, screenshotRow, type ScreenshotRow } from "./listing-form-values";

type Props = {
  rows: ScreenshotRow[];
  onChange: (rows: ScreenshotRow[]) => void;
  hint: string;
  /** The API's message for a path such as `screenshots` or `screenshots[1].url`. */
  errorFor: (path: string) => string | undefined;
  /** What to say beside a screenshot's URL (its check, see image-checks.ts). */
  hintFor?: (path: string) => string | undefined;
};

/** Screenshot rows of URL and caption; the row order is the order on the listing. */
export function ScreenshotsEditor({ rows, onChange, hint, errorFor, hintFor }: Props) {
  const { minScreenshots: min, maxScreenshots: max } = LISTING_LIMITS;
  // "Add screenshot" puts the person in the new row's URL, not behind it on the button.
  const added = useRef(false);
  useEffect(() => {
    if (!added.current) return;
    added.current = false;
    document.getElementById(`screenshot-${rows.length}-url`)?.focus();
  }, [rows.length]);
  const update = (index: number, change: Partial<ScreenshotRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-700">Screenshots</legend>
      <p className="text-xs text-slate-500">
        {min}–{max} images, shown in this order. {hint}
      </p>
      {errorFor("screenshots") ? <p className="text-xs text-red-600">{errorFor("screenshots")}</p> : null}
      <ol className="space-y-3">
        {rows.map((row, index) => {
          const n = index + 1;
          return (
            <li key={row.key} className="grid gap-3 rounded-lg border border-slate-200 p-3 md:grid-cols-[1fr_1fr_auto]">
              <TextField
                id={`screenshot-${n}-url`}
                label={`Screenshot ${n} URL`}
                type="url"
                value={row.url}
                maxLength={LISTING_LIMITS.url}
                placeholder="https://"
                onChange={(event) => update(index, { url: event.target.value })}
                hint={hintFor?.(`screenshots[${index}].url`)}
                error={errorFor(`screenshots[${index}].url`)}
              />
              <TextField
                id={`screenshot-${n}-caption`}
                label={`Screenshot ${n} caption`}
                value={row.caption}
                maxLength={LISTING_LIMITS.caption}
                onChange={(event) => update(index, { caption: event.target.value })}
                error={errorFor(`screenshots[${index}].caption`)}
              />
              <div className="flex items-end gap-1">
                <Button
                  type="button"
                  variant="secondary"
                  aria-label={`Move screenshot ${n} up`}
                  disabled={index === 0}
                  onClick={() => onChange(moveRow(rows, index, -1))}
                >
                  ↑
                </Button>
                <Button
                  type="button"
                  variant="secondary"
                  aria-label={`Move screenshot ${n} down`}
                  disabled={index === rows.length - 1}
                  onClick={() => onChange(moveRow(rows, index, 1))}
                >
                  ↓
                </Button>
                <Button
                  type="button"
                  variant="secondary"
                  aria-label={`Remove screenshot ${n}`}
                  disabled={rows.length <= min}
                  onClick={() => onChange(rows.filter((_, at) => at !== index))}
                >
                  Remove
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <Button
        type="button"
        variant="secondary"
        disabled={rows.length >= max}
        onClick={() => {
          added.current = true;
          onChange([...rows, screenshotRow()]);
        }}
      >
        Add screenshot
      </Button>
    </fieldset>
  );
}
