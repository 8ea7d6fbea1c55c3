import { operationOf } from "@/lib/validation/operation";

import { accountSchema, readerOfAppSchema } from "./schemas";

// The HTTP operations of what public pages show only the signed-in person: their islands ask after
// load, so the pages themselves are the same bytes for everyone. What each field means:
// lib/validation/operation.ts.

const signedInOperation = operationOf("Public marketplace", "yapture");

const PRIVATE_ANSWER = "Answered `Cache-Control: private, no-store`: the person's own, never kept by a shared cache.";

export const ME = {
  account: signedInOperation({
    method: "get",
    path: "/api/me",
    operationId: "getAccount",
    limits: [{ policy: "publicRead", per: "person" }],
    summary: "Who is signed in: the site header's account menu",
    description: `The site's session or a Yapture access token; without either 401. ${PRIVATE_ANSWER}`,
    success: { 200: { description: "The signed-in person", schema: accountSchema } },
    errors: ["unauthenticated", "forbidden", "rate_limited", "service_unavailable"],
  }),
  app: signedInOperation({
    method: "get",
    path: "/api/me/apps/{slug}",
    operationId: "getReaderOfApp",
    limits: [{ policy: "publicRead", per: "person" }],
    summary: "Your part of an app's page: your workspaces, where it is installed, your review",
    description:
      "An app the person reaches (public, unlisted, or a test build they are a tester or publisher member of); 404 otherwise. " +
      `\`ownReview\` only for a public listing (the others show no reviews). ${PRIVATE_ANSWER}`,
    success: { 200: { description: "The person's part of the page", schema: readerOfAppSchema } },
    errors: ["unauthenticated", "forbidden", "not_found", "rate_limited", "service_unavailable"],
  }),
};
