import type { z } from "zod";

export type PageSearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * A page's query string through the same zod schema the API uses. A parameter the API would refuse
 * falls back to its default instead of failing the page, and the others stay: a search asked for
 * past its result window shows its first page, still searching.
 */
export async function pageQuery<S extends z.ZodType>(searchParams: PageSearchParams, schema: S): Promise<z.output<S>> {
  const raw = await searchParams;
  const values = Object.fromEntries(
    Object.entries(raw).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "" && !entry[1].includes("\u0000"),
    ),
  );
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  const refused = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  const kept = schema.safeParse(Object.fromEntries(Object.entries(values).filter(([name]) => !refused.has(name))));
  return kept.success ? kept.data : schema.parse({});
}
