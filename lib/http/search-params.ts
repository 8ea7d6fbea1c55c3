import type { z } from "zod";

export type PageSearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * A page's query string through the same zod schema the API uses; invalid values fall back to the
 * schema's defaults instead of failing the page.
 */
export async function pageQuery<S extends z.ZodType>(searchParams: PageSearchParams, schema: S): Promise<z.output<S>> {
  const raw = await searchParams;
  const values = Object.fromEntries(
    Object.entries(raw).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "" && !entry[1].includes("\u0000"),
    ),
  );
  const parsed = schema.safeParse(values);
  return parsed.success ? parsed.data : schema.parse({});
}
