import { count, eq } from "drizzle-orm";

import { getDb } from "@/db/client";
import { apps, developers } from "@/db/schema";
import { APP_CATEGORIES, CATEGORY_LABELS, type AppCategory } from "@/lib/domain/enums";

import { isPubliclyVisible } from "./public-queries";

export type PublicCategory = { category: AppCategory; label: string; count: number };

/** All ten categories in the specification's order, each with its number of public apps (zeros included). */
export async function listPublicCategories(): Promise<PublicCategory[]> {
  const db = await getDb();
  const rows = await db
    .select({ category: apps.category, count: count() })
    .from(apps)
    .innerJoin(developers, eq(developers.id, apps.developerId))
    .where(isPubliclyVisible)
    .groupBy(apps.category);
  const counts = new Map(rows.map((row) => [row.category, row.count]));
  return APP_CATEGORIES.map((category) => ({ category, label: CATEGORY_LABELS[category], count: counts.get(category) ?? 0 }));
}
