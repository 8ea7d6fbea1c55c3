"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";

import { ActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { TextAreaField, TextField } from "@/components/ui/field";
import { useApiAction } from "@/lib/client/use-api-action";
import { useKeptDraft } from "@/lib/client/use-kept-draft";
import { APP_REVIEW_LIMITS } from "@/lib/core/app-review-limits";
import { callOf, type OperationEndpoint } from "@/lib/client/operation-call";
import type { REVIEWS } from "@/lib/reviews/operations";
import type { BodyInputOf } from "@/lib/validation/operation";

type OwnReview = { rating: number; title: string | null; body: string | null; updatedAt: string; hidden?: { reason: string } | null };

/** What the review actions' refusals say to the person, instead of the API's words for its clients. */
const REVIEW_MESSAGES = {
  invalid_state: "An administrator hid your review, so it cannot be deleted. You can still change it.",
  not_found: "This review or app is no longer there. Reload the page.",
  forbidden: "You made this app, so you cannot review it.",
  rate_limited: "Too many changes in a short time. Wait a minute and try again.",
  validation_failed: "Some of the review is not right: see the messages beside the fields.",
};

/** Where the person is put after posting, updating or deleting: the form's heading, which says which it now is. */
const HEADING_ID = "your-review-heading";

/** The reader's one review of an app: write it, change it (posting again replaces it) or delete it. */
/** The operations the form calls, handed from the page (so the browser loads no schema for them). */
export type ReviewEndpoints = { write: OperationEndpoint<typeof REVIEWS.write>; delete: OperationEndpoint<typeof REVIEWS.delete> };

export function WriteReviewForm({ endpoints, slug, own }: { endpoints: ReviewEndpoints; slug: string; own: OwnReview | undefined }) {
  const [rating, setRating] = useState(own?.rating ?? 0);
  const [title, setTitle] = useState(own?.title ?? "");
  const [body, setBody] = useState(own?.body ?? "");
  const unsaved = rating !== (own?.rating ?? 0) || title !== (own?.title ?? "") || body !== (own?.body ?? "");
  // What was typed survives an ended session (sign in, come back) and a reload.
  const draft = useKeptDraft(`review:${slug}@${own?.updatedAt ?? "new"}`, { rating, title, body }, unsaved, (kept) => {
    setRating(kept.rating);
    setTitle(kept.title);
    setBody(kept.body);
  });
  const stars = useRef<HTMLFieldSetElement>(null);
  // What was typed or tapped before the page's script ran is the review (the browser kept it, React did not see it).
  useEffect(() => {
    const form = stars.current?.form;
    const tapped = stars.current?.querySelector<HTMLInputElement>("input:checked");
    if (tapped) setRating(Number(tapped.value));
    const typed = (name: string) => (form?.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement | null)?.value;
    const [typedTitle, typedBody] = [typed("title"), typed("body")];
    if (typedTitle && typedTitle !== (own?.title ?? "")) setTitle(typedTitle);
    if (typedBody && typedBody !== (own?.body ?? "")) setBody(typedBody);
    // Only the HTML as first shown can hold what React did not see.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const save = useApiAction((body: BodyInputOf<typeof REVIEWS.write>) => callOf(endpoints.write, { params: { slug }, body }), {
    onSuccess: () => draft.forget(),
    announce: own ? "Your review is updated." : "Your review is posted.",
    focus: HEADING_ID,
  });
  const remove = useApiAction(() => callOf(endpoints.delete, { params: { slug } }), {
    onSuccess: () => {
      draft.forget();
      setRating(0);
    },
    announce: "Your review is deleted.",
    focus: HEADING_ID,
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate({ rating, title: title.trim() || null, body: body.trim() || null });
  }

  return (
    <form
      onSubmit={submit}
      aria-label={own ? "Your review" : "Write a review"}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-5"
      noValidate
    >
      <h3 id={HEADING_ID} className="font-semibold">
        {own ? "Your review" : "Write a review"}
      </h3>
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
      <TextField label="Title (optional)" {...save.field("title", [title, setTitle])} maxLength={APP_REVIEW_LIMITS.title} />
      <TextAreaField label="Review (optional)" {...save.field("body", [body, setBody])} rows={4} maxLength={APP_REVIEW_LIMITS.body} />
      <ActionError error={save.error} fieldsShown messages={REVIEW_MESSAGES} />
      <div className="flex flex-wrap items-start gap-3">
        <Button type="submit" disabled={save.isPending || rating === 0}>
          {save.isPending ? "Saving…" : own ? "Update review" : "Post review"}
        </Button>
        {/* A hidden review stays (deleting it would let its author write it again, visible): no Delete is offered. */}
        {own && !own.hidden ? (
          <ConfirmButton
            label="Delete review"
            question="Delete your review?"
            confirmLabel="Delete"
            action={remove}
            errorMessages={REVIEW_MESSAGES}
          />
        ) : null}
      </div>
    </form>
  );
}
