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
