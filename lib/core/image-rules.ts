// The specification's image rules (section 8): checked on the server when a listing is submitted
// (lib/assets/image-check.ts), and shown as hints by the listing form.

export type ImageRule = {
  label: string;
  exact?: { width: number; height: number };
  min?: { width: number; height: number };
  square?: boolean;
};

export const IMAGE_RULES = {
  logo: { label: "logo", square: true, min: { width: 512, height: 512 } },
  banner: { label: "banner", exact: { width: 1200, height: 600 } },
  screenshot: { label: "screenshot", min: { width: 1280, height: 720 } },
} as const satisfies Record<string, ImageRule>;

/**
 * The largest image any rule accepts, refused from the header's claim before anything else is read:
 * a browser decodes an image to 4 bytes a pixel, so 40 megapixels is 160 MB in a visitor's tab
 * (a 100000×100000 PNG would be 40 GB). An 8K screenshot (7680×4320, 33 MP) still fits.
 */
export const IMAGE_SIZE_LIMIT = { side: 8192, megapixels: 40 } as const;

/** An image rule as a field hint, e.g. "PNG or JPEG, square, at least 512×512 pixels, at most 8192 a side and 40 megapixels." */
export function describeImageRule(rule: ImageRule): string {
  const { side, megapixels } = IMAGE_SIZE_LIMIT;
  const size = rule.exact
    ? `exactly ${rule.exact.width}×${rule.exact.height} pixels`
    : rule.min
      ? `at least ${rule.min.width}×${rule.min.height} pixels, at most ${side} a side and ${megapixels} megapixels`
      : null;
  return `${["PNG or JPEG", rule.square ? "square" : null, size].filter(Boolean).join(", ")}; checked when you submit for review.`;
}
