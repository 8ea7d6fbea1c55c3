import { z } from "zod";

import { IMAGE_RULES } from "@/lib/assets/image-check";
import { createAppBody } from "@/lib/validation/apps";

// What the API accepts for a listing, read from its own schema and image rules so the form's
// limits and hints cannot drift from the server. Server-side only: those modules read the
// environment; pages pass the result to the client form as a plain object.

const shape = createAppBody.shape;
const screenshot = shape.screenshots.element.shape;
// zod exposes array bounds only through JSON Schema.
const screenshotCount = z.toJSONSchema(shape.screenshots, { io: "input", unrepresentable: "any" });

function bound(value: number | null | undefined, what: string): number {
  if (typeof value !== "number") throw new Error(`listing schema has no ${what}`);
  return value;
}

export const LISTING_RULES = {
  name: bound(shape.name.maxLength, "name limit"),
  description: bound(shape.description.maxLength, "description limit"),
  longDescription: bound(shape.longDescription.unwrap().unwrap().in.maxLength, "long description limit"),
  url: bound(shape.logoUrl.unwrap().unwrap().maxLength, "URL limit"),
  oauthClientId: bound(shape.oauthClientId.unwrap().unwrap().in.maxLength, "OAuth client id limit"),
  caption: bound(screenshot.caption.unwrap().unwrap().in.maxLength, "caption limit"),
  minScreenshots: bound(screenshotCount.minItems, "screenshot minimum"),
  maxScreenshots: bound(screenshotCount.maxItems, "screenshot maximum"),
  images: IMAGE_RULES,
};

export type ListingRules = typeof LISTING_RULES;
