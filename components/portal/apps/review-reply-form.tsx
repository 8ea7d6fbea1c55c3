"use client";

import { useState, type FormEvent } from "react";

import { ActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { TextAreaField } from "@/components/ui/field";
import { useApiAction } from "@/lib/client/use-api-action";
import { REVIEW_REPLY_LIMITS } from "@/lib/core/app-review-limits";
import { callOf } from "@/lib/client/operation-call";
import { PUBLISHER_REVIEWS } from "@/lib/reviews/operations";
import type { BodyInputOf } from "@/lib/validation/operation";

type Reply = { body: string; hidden: { reason: string } | null };

/** The publisher's one public reply to a review: write it, change it or delete it. */
export function ReviewReplyForm({ appId, reviewId, reply }: { appId: string; reviewId: string; reply: Reply | null }) {
  const params = { id: appId, reviewId };
  const [editing, setEditing] = useState(false);
  const [body, setBody] = useState(reply?.body ?? "");
  const headingId = `reply-${reviewId}`;
  const save = useApiAction(
    (body: BodyInputOf<typeof PUBLISHER_REVIEWS.reply>) =>
      reply ? callOf(PUBLISHER_REVIEWS.changeReply, { params, body }) : callOf(PUBLISHER_REVIEWS.reply, { params, body }),
    {
      onSuccess: () => setEditing(false),
      announce: reply ? "Your reply is updated." : "Your reply is posted. The reviewer is emailed about the first reply to their review.",
      focus: headingId,
    },
  );
  const remove = useApiAction(() => callOf(PUBLISHER_REVIEWS.deleteReply, { params }), {
    onSuccess: () => setBody(""),
    announce: "Your reply is deleted.",
    focus: headingId,
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate({ body: body.trim() });
  }

  return (
    <div className="mt-3 border-l-2 border-slate-300 pl-3" data-testid="reply">
      <p id={headingId} tabIndex={-1} className="text-xs font-medium text-slate-700">
        {reply ? "Your reply" : "No reply yet"}
      </p>
      {reply?.hidden ? (
        <p className="mt-1 text-xs text-amber-800">
          An administrator hid this reply from the public: <bdi>{reply.hidden.reason}</bdi>
        </p>
      ) : null}
      {editing ? (
        <form onSubmit={submit} aria-label={reply ? "Edit your reply" : "Reply to this review"} className="mt-2 space-y-2" noValidate>
          <TextAreaField
            label="Your public reply"
            {...save.field("body", [body, setBody])}
            rows={3}
            maxLength={REVIEW_REPLY_LIMITS.body}
            autoFocus
          />
          <ActionError error={save.error} fieldsShown />
          <div className="flex gap-3">
            <Button type="submit" disabled={save.isPending || body.trim() === ""}>
              {save.isPending ? "Saving…" : reply ? "Save reply" : "Post reply"}
            </Button>
            <Button variant="secondary" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <>
          {reply ? (
            <p dir="auto" className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">
              {reply.body}
            </p>
          ) : null}
          <div className="mt-2 flex flex-wrap items-start gap-3">
            <Button variant="secondary" onClick={() => setEditing(true)}>
              {reply ? "Edit reply" : "Reply"}
            </Button>
            {reply && !reply.hidden ? (
              <ConfirmButton label="Delete reply" question="Delete your reply?" confirmLabel="Delete" action={remove} />
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}
