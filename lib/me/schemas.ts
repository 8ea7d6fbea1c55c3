import { z } from "zod";

import { publicReviewSchema } from "@/lib/reviews/schemas";

// The answers of what public pages show only the signed-in person (docs/architecture.md, "Pages the
// same for everyone"): the header's account, and an app page's installs and own review.

const workspaceSchema = z.object({ id: z.string(), name: z.string() }).strict().meta({ id: "Workspace" });

/** GET /api/me */
export const accountSchema = z
  .object({
    name: z.string().meta({ description: "The name Yapture gave at sign-in (the email when it gave none)." }),
    email: z.string(),
    isAdmin: z.boolean().meta({ description: "A marketplace administrator (their verified email is listed)." }),
  })
  .strict()
  .meta({ id: "Account" });

/** GET /api/me/apps/:slug */
export const readerOfAppSchema = z
  .object({
    workspaces: z.array(workspaceSchema).meta({ description: "The person's Yapture workspaces (their `workspaces` claim)." }),
    installedIn: z.array(workspaceSchema).meta({ description: "Those of them the app is installed in; never another person's." }),
    ownReview: publicReviewSchema
      .nullable()
      .meta({ description: "The person's review of the app, with `hidden` when a moderator hid it; null: none, or not a public listing." }),
    isPublisherMember: z.boolean().meta({ description: "The person is a member of the app's publisher, who may not review it." }),
  })
  .strict()
  .meta({ id: "ReaderOfApp" });

export type AccountResource = z.infer<typeof accountSchema>;
export type ReaderOfAppResource = z.infer<typeof readerOfAppSchema>;
