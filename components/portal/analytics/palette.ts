// Okabe & Ito's palette, which people with any common colour-vision deficiency tell apart; each
// series also has its own dash pattern or shape, so no chart relies on colour alone.
export const SERIES_STYLE = {
  impressions: { label: "Impressions", color: "#0072B2", dash: undefined },
  pageViews: { label: "Page views", color: "#D55E00", dash: "6 3" },
  installs: { label: "Installs", color: "#009E73", dash: undefined },
  uninstalls: { label: "Uninstalls", color: "#CC79A7", dash: undefined },
  activeInstalls: { label: "Active installs", color: "#0072B2", dash: undefined },
  averageRating: { label: "Average rating", color: "#E69F00", dash: "2 2" },
} as const;

export type ChartedMetric = keyof typeof SERIES_STYLE;
