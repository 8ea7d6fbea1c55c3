import type { StatSource } from "@/lib/core/enums";

export const SOURCE_LABELS: Record<StatSource, string> = {
  search: "Marketplace search",
  category: "Category and browse",
  featured: "Featured",
  home: "Home page",
  developer_page: "Your developer page",
  api: "API",
  external: "Other sites",
  direct: "Direct",
  other: "Other",
};
