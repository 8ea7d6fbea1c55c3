import { uuidParam } from "@/lib/validation/common";
import { slugParam } from "@/lib/validation/public";

import { notFound } from "./errors";

// Path parameters are checked once, at the edge: an id that is not a UUID, or a slug that no app
// could have, names nothing, so it is 404 before any service or query sees it.
const SHAPES: Record<string, { safeParse(value: unknown): { success: boolean } }> = { id: uuidParam, slug: slugParam };

export function isWellFormedParam(name: string, value: string): boolean {
  return SHAPES[name]?.safeParse(value).success ?? true;
}

export function assertPathParams(params: Record<string, string>): void {
  for (const [name, value] of Object.entries(params)) {
    if (!isWellFormedParam(name, value)) throw notFound();
  }
}
