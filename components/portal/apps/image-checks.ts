"use client";

import { useCallback, useEffect, useRef, useState } from "react";

import { apiFetch, ProblemError } from "@/lib/client/api";
import { besideField } from "@/lib/client/field-names";

import type { ListingValues } from "./listing-form-values";

// The listing form checks each image address as soon as it is typed (a moment after the typing
// stops, or when the field is left), as a submit would (GET /assets/preview/:id/check), and says
// beside the field that it passed or why a submit would refuse it: no waiting for Submit to learn
// that the logo is not square.

export type ImageKind = "logo" | "banner" | "screenshot";

/** What the form knows of one address: being checked, accepted, refused with the submit's reason, or not checkable now. */
export type ImageCheck = { url: string; state: "checking" | "ok" | "refused" | "unknown"; message?: string };

const WAIT_MS = 700;

/** The image fields of the form's values, by the path their errors use: `logoUrl`, `bannerUrl`, `screenshots[1].url`. */
export function imageFieldsOf(
  values: Pick<ListingValues, "logoUrl" | "bannerUrl" | "screenshots">,
): [path: string, kind: ImageKind, url: string][] {
  return [
    ["logoUrl", "logo", values.logoUrl.trim()],
    ["bannerUrl", "banner", values.bannerUrl.trim()],
    ...values.screenshots.map((row, index): [string, ImageKind, string] => [`screenshots[${index}].url`, "screenshot", row.url.trim()]),
  ];
}

/** Only an address a submit could fetch is worth a check; an incomplete one is the save's to judge. */
export const checkable = (url: string) => /^https?:\/\/[^/\s]+\/?\S*$/i.test(url);

/** What the form says beside an image field, from its check: a hint when it passed, an error when refused. */
export function checkMessages(check: ImageCheck | undefined, url: string): { hint?: string; error?: string } {
  if (!check || check.url !== url) return {};
  switch (check.state) {
    case "checking":
      return { hint: "Checking the image…" };
    case "ok":
      return { hint: "✓ Checked: a submit would accept this image." };
    case "refused":
      return { error: `✗ ${besideField(check.message ?? "")}` };
    default:
      return {};
  }
}

/**
 * The checks of a listing's image fields (`appId`: none for a listing not yet created, which is not
 * checked). `checkNow(path)` checks a field at once (on leaving it); every change is checked a
 * moment after the typing stops. Results are per address, so a changed field never shows an old verdict.
 */
export function useImageChecks(appId: string | undefined, values: Pick<ListingValues, "logoUrl" | "bannerUrl" | "screenshots">) {
  const [checks, setChecks] = useState<Record<string, ImageCheck>>({});
  const asked = useRef(new Map<string, string>());
  const fields = imageFieldsOf(values);
  const key = JSON.stringify(fields);

  const run = useCallback(
    (path: string, kind: ImageKind, url: string) => {
      if (!appId || !checkable(url) || asked.current.get(path) === url) return;
      asked.current.set(path, url);
      setChecks((current) => ({ ...current, [path]: { url, state: "checking" } }));
      const query = new URLSearchParams({ url, kind });
      apiFetch(`/assets/preview/${appId}/check?${query}`).then(
        () => setChecks((current) => ({ ...current, [path]: { url, state: "ok" } })),
        (error: unknown) => {
          const refused = error instanceof ProblemError && error.code === "asset_invalid";
          const message = refused ? (error.messageFor("url") ?? error.message) : undefined;
          // Too many checks, a lost connection: say nothing rather than something wrong; the next change tries again.
          if (!refused) asked.current.delete(path);
          setChecks((current) => ({ ...current, [path]: { url, state: refused ? "refused" : "unknown", message } }));
        },
      );
    },
    [appId],
  );

  useEffect(() => {
    const timer = setTimeout(() => {
      for (const [path, kind, url] of JSON.parse(key) as ReturnType<typeof imageFieldsOf>) run(path, kind, url);
    }, WAIT_MS);
    return () => clearTimeout(timer);
  }, [key, run]);

  const checkNow = (path: string) => {
    const field = fields.find(([each]) => each === path);
    if (field) run(...field);
  };
  const messagesFor = (path: string) => {
    const field = fields.find(([each]) => each === path);
    return field ? checkMessages(checks[path], field[2]) : {};
  };
  return { checkNow, messagesFor };
}
