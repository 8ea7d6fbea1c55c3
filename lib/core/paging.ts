import { z } from "zod";

/** `page` ≥ 1 (default 1) and `limit` 1..max (default `defaultLimit`), from query strings. */
export function pagingQuery({ defaultLimit = 20, maxLimit = 100 } = {}) {
  return {
    page: z.coerce
      .number({ error: "page must be a whole number" })
      .int({ error: "page must be a whole number" })
      .min(1, { error: "page must be at least 1" })
      .max(100_000, { error: "page is too large" })
      .default(1),
    limit: z.coerce
      .number({ error: "limit must be a whole number" })
      .int({ error: "limit must be a whole number" })
      .min(1, { error: "limit must be at least 1" })
      .max(maxLimit, { error: `limit must be at most ${maxLimit}` })
      .default(defaultLimit),
  };
}

export type Paging = { page: number; limit: number };

export function offsetOf({ page, limit }: Paging): number {
  return (page - 1) * limit;
}
