"use client";

import { useEffect, useRef, useState, type KeyboardEvent } from "react";

import { HostedImage } from "@/components/ui/hosted-image";
import { useScriptOnlyButton } from "@/lib/client/use-hydrated";

type Shot = { url: string; caption: string | null; order: number };

/* eslint-disable @next/next/no-img-element -- developer-hosted images on arbitrary hosts */

/**
 * A listing's screenshots in a scrolling row; each opens in a lightbox (a modal <dialog>: Escape
 * closes it, focus stays inside) where the arrow keys or the buttons step through them.
 */
export function ScreenshotGallery({ shots, appName, lang }: { shots: Shot[]; appName: string; lang?: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState<number | null>(null);
  const scriptOnly = useScriptOnlyButton();
  const altOf = (shot: Shot) => shot.caption ?? `${appName} screenshot`;

  useEffect(() => {
    if (open === null) dialog.current?.close();
    else if (!dialog.current?.open) dialog.current?.showModal();
  }, [open]);

  const step = (by: number) => setOpen((index) => (index === null ? null : (index + by + shots.length) % shots.length));
  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === "ArrowRight") step(1);
    if (event.key === "ArrowLeft") step(-1);
  }
  const current = open === null ? undefined : shots[open];

  return (
    <>
      <section aria-label={`Screenshots of ${appName}`} className="flex snap-x gap-4 overflow-x-auto pb-2">
        {shots.map((shot, index) => (
          <figure key={`${shot.order}-${shot.url}`} className="w-[85%] shrink-0 snap-start sm:w-[32rem]">
            <button
              type="button"
              onClick={() => setOpen(index)}
              {...scriptOnly}
              className="block w-full cursor-zoom-in rounded-xl"
              aria-label={`Open screenshot ${index + 1} of ${shots.length}: ${altOf(shot)}`}
            >
              <HostedImage
                src={shot.url}
                kind="screenshot"
                name={appName}
                sizes="(min-width: 640px) 32rem, 85vw"
                alt={altOf(shot)}
                width={1280}
                loading="lazy"
                className="aspect-video w-full rounded-xl border border-slate-200 object-cover"
              />
            </button>
            {shot.caption ? (
              <figcaption lang={lang} dir="auto" className="mt-2 text-xs text-slate-600">
                {shot.caption}
              </figcaption>
            ) : null}
          </figure>
        ))}
      </section>
      <dialog
        ref={dialog}
        onClose={() => setOpen(null)}
        onKeyDown={onKeyDown}
        aria-label="Screenshot viewer"
        className="m-auto max-h-[95vh] w-[min(95vw,80rem)] rounded-xl bg-white p-3 backdrop:bg-slate-900/80"
      >
        {current ? (
          <figure className="space-y-3">
            <img src={current.url} alt={altOf(current)} className="max-h-[75vh] w-full rounded-lg object-contain" />
            <figcaption className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
              <span>
                {open! + 1} / {shots.length}
                {current.caption ? (
                  <>
                    {" · "}
                    <bdi lang={lang}>{current.caption}</bdi>
                  </>
                ) : null}
              </span>
              <span className="flex gap-2">
                <button type="button" onClick={() => step(-1)} className="rounded-lg border border-slate-300 px-3 py-1.5">
                  Previous
                </button>
                <button type="button" onClick={() => step(1)} className="rounded-lg border border-slate-300 px-3 py-1.5">
                  Next
                </button>
                <button type="button" onClick={() => setOpen(null)} className="rounded-lg bg-slate-900 px-3 py-1.5 text-white">
                  Close
                </button>
              </span>
            </figcaption>
          </figure>
        ) : null}
      </dialog>
    </>
  );
}
