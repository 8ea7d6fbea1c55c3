import { z } from "zod";

import { REVIEW_REPLY_LIMITS } from "@/lib/core/app-review-limits";
import { pagingQuery } from "@/lib/core/paging";

import { trimmedText } from "./common";

/** POST and PUT /api/dev/apps/:id/reviews/:reviewId/reply */
export const replyBody = z.strictObject({
  body: trimmedText(1, REVIEW_REPLY_LIMITS.body).meta({ description: `The public reply, at most ${REVIEW_REPLY_LIMITS.body} characters.` }),
});

/** GET /api/dev/apps/:id/reviews */
export const publisherReviewsQuery = z.object({ ...pagingQuery() });
