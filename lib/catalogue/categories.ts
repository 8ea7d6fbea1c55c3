import { APP_CATEGORIES, CATEGORY_LABELS, type AppCategory } from "@/lib/core/enums";

import { countPublicByCategory } from "./queries";

export type PublicCategory = { category: AppCategory; label: string; count: number };

/** All ten categories in the specification's order, each with its number of public apps (zeros included). */
export async function listPublicCategories(): Promise<PublicCategory[]> {
  const counts = await countPublicByCategory();
  return APP_CATEGORIES.map((category) => ({ category, label: CATEGORY_LABELS[category], count: counts.get(category) ?? 0 }));
}
