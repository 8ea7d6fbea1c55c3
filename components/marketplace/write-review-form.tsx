"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";

import { ActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { TextAreaField, TextField } from "@/components/ui/field";
import { useApiAction } from "@/lib/client/use-api-action";
import { APP_REVIEW_LIMITS } from "@/lib/validation/public";

type OwnReview = { rating: number; title: string | null; body: string | null };

/** The reader's one review of an app: write it, change it (posting again replaces it) or delete it. */
export function WriteReviewForm({ slug, own }: { slug: string; own: OwnReview | undefined }) {
  const path = `/api/apps/${slug}/reviews`;
  const [rating, setRating] = useState(own?.rating ?? 0);
  const stars = useRef<HTMLFieldSetElement>(null);
  // A star tapped before the page's script ran is the rating (the browser checked it, React did not see it).
  useEffect(() => {
    const tapped = stars.current?.querySelector<HTMLInputElement>("input:checked");
    if (tapped) setRating(Number(tapped.value));
  }, []);
  const save = useApiAction((body: Record<string, unknown>) => ({ path, method: "POST", body }));
  const remove = useApiAction(() => ({ path, method: "DELETE" }), { onSuccess: () => setRating(0) });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim() || null;
    save.mutate({ rating, title: text("title"), body: text("body") });
  }

  return (
    <form
      onSubmit={submit}
      aria-label={own ? "Your review" : "Write a review"}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-5"
      noValidate
    >
      <h3 className="font-semibold">{own ? "Your review" : "Write a review"}</h3>
      <fieldset ref={stars}>
        <legend className="text-sm font-medium text-slate-700">Your rating</legend>
        <div className="mt-1 flex gap-1">
          {[1, 2, 3, 4, 5].map((stars) => (
            <label key={stars} className="cursor-pointer">
              <input
                type="radio"
                name="rating"
                value={stars}
                checked={rating === stars}
                onChange={() => setRating(stars)}
                className="peer sr-only"
              />
              <span
                aria-hidden="true"
                className={`text-2xl peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600 ${stars <= rating ? "text-amber-500" : "text-slate-400"}`}
              >
                ★
              </span>
              <span className="sr-only">
                {stars} {stars === 1 ? "star" : "stars"}
              </span>
            </label>
          ))}
        </div>
        {save.errorFor("rating") || (save.isError && rating === 0) ? (
          <p className="mt-1 text-xs text-red-700">Choose from 1 to 5 stars.</p>
        ) : null}
      </fieldset>
      <TextField
        label="Title (optional)"
        name="title"
        defaultValue={own?.title ?? ""}
        maxLength={APP_REVIEW_LIMITS.title}
        error={save.errorFor("title")}
      />
      <TextAreaField
        label="Review (optional)"
        name="body"
        rows={4}
        defaultValue={own?.body ?? ""}
        maxLength={APP_REVIEW_LIMITS.body}
        error={save.errorFor("body")}
      />
      <ActionError error={save.error} fieldsShown />
      <div className="flex flex-wrap items-start gap-3">
        <Button type="submit" disabled={save.isPending || rating === 0}>
          {save.isPending ? "Saving…" : own ? "Update review" : "Post review"}
        </Button>
        {own ? (
          <ConfirmButton
            label="Delete review"
            question="Delete your review?"
            confirmLabel="Delete"
            onConfirm={() => remove.mutate()}
            pending={remove.isPending}
            error={remove.error}
          />
        ) : null}
      </div>
    </form>
  );
}
