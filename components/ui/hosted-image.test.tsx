import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { gradientOf } from "@/lib/client/monogram";

import { ImageFallback } from "./hosted-image";

describe("what stands in for a listing's image", () => {
  it("is the name's initials on its gradient for a logo, named as the logo was", () => {
    const html = renderToStaticMarkup(<ImageFallback kind="logo" name="Focus Timer" alt="Focus Timer logo" className="h-16 w-16" />);
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="Focus Timer logo"');
    expect(html).toContain(">FT</span>");
    expect(html).toContain(`background-image:${gradientOf("Focus Timer")}`);
    expect(html).toContain("h-16 w-16");
  });

  it("is hidden from assistive technology when the image only decorated", () => {
    const html = renderToStaticMarkup(<ImageFallback kind="banner" name="Focus Timer" alt="" />);
    expect(html).toContain('aria-hidden="true"');
    expect(html).not.toContain("role=");
  });

  it("is a labelled placeholder for a screenshot", () => {
    const html = renderToStaticMarkup(<ImageFallback kind="screenshot" name="Focus Timer" alt="The timer running" />);
    expect(html).toContain("Screenshot not available: The timer running");
  });
});
