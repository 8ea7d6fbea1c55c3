import { describe, expect, it } from "vitest";

import type { App, AppRevision } from "@/db/schema";
import { LISTING_FIELD_NAMES } from "./listing-declaration";
import { adminAppSchema, adminRevisionSchema, developerAppSchema, revisionSchema, publicAppSchema } from "./schemas";

import { adminAppView, adminRevisionView, developerAppView, publicAppView, revisionView } from "./views";

// The views and the response schemas are both built from the listing's declaration; an answer's
// bytes are its keys in order, so each view must answer in the order its schema (and the OpenAPI
// document) lists them.

const now = new Date("2026-01-01T00:00:00.000Z");
const listing = Object.fromEntries(LISTING_FIELD_NAMES.map((field) => [field, field === "screenshots" ? [] : "x"]));
const app = {
  ...listing,
  id: "app",
  slug: "slug",
  status: "APPROVED",
  featured: false,
  installCount: 0,
  reviewCount: 0,
  averageRating: null,
  version: 1,
  changelog: [],
  rejection: null,
  unpublishReason: null,
  submittedAt: now,
  publishedAt: now,
  createdAt: now,
  updatedAt: now,
} as unknown as App;
const revision = {
  ...listing,
  id: "revision",
  appId: "app",
  status: "DRAFT",
  baseVersion: 1,
  version: null,
  notes: null,
  rejection: null,
  submittedAt: null,
  approvedAt: null,
  createdAt: now,
  updatedAt: now,
} as unknown as AppRevision;
const developer = {
  id: "developer",
  name: "Dev",
  email: "dev@example.com",
  companyName: null,
  websiteUrl: null,
  status: "VERIFIED",
} as const;

describe("every view of an app", () => {
  it.each([
    ["developer app", developerAppView({ app, screenshots: [], revision: null }), developerAppSchema],
    ["admin app", adminAppView({ app, screenshots: [], revision: null, developer }), adminAppSchema],
    ["public app", publicAppView({ app, screenshots: [], developer }), publicAppSchema],
    ["revision", revisionView({ revision, live: { app, screenshots: [] } }), revisionSchema],
    ["admin revision", adminRevisionView({ revision, live: { app, screenshots: [] }, developer }), adminRevisionSchema],
  ])("answers in its schema's key order: %s", (_name, view, schema) => {
    expect(Object.keys(view)).toEqual(Object.keys(schema.shape));
  });
});
