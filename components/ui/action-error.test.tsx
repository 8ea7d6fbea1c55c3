import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { ProblemError } from "@/lib/client/api";
import { listingControlId, listingFieldLabel } from "@/lib/client/field-names";

import { ActionError } from "./action-error";

const imagesRefused = new ProblemError(400, "asset_invalid", "2 images are invalid", [
  { path: "logoUrl", code: "asset_invalid", message: "logo must be square (it is 600×400)" },
  { path: "screenshots[1].url", code: "asset_invalid", message: "screenshot must be at least 1280×720 pixels (it is 640×360)" },
]);

describe("a form's error summary", () => {
  it("links each problem to its field's control, naming the field once", () => {
    const html = renderToStaticMarkup(
      <ActionError error={imagesRefused} fieldsShown describeField={listingFieldLabel} controlIdOf={listingControlId} />,
    );
    expect(html).toContain('data-testid="error-summary"');
    expect(html).toContain('tabindex="-1"');
    expect(html).toContain('<a href="#logoUrl" class="underline">Logo must be square (it is 600×400)</a>');
    expect(html).toContain(
      '<a href="#screenshot-2-url" class="underline">Screenshot 2 must be at least 1280×720 pixels (it is 640×360)</a>',
    );
  });

  it("says the page's own words for a refusal, never the API's", () => {
    const hidden = new ProblemError(409, "invalid_state", "a moderator hid this review: it is shown to no one else");
    const messages = { invalid_state: "An administrator hid your review, so it cannot be deleted." };
    expect(renderToStaticMarkup(<ActionError error={hidden} messages={messages} />)).toContain(
      "An administrator hid your review, so it cannot be deleted.",
    );
    const other = new ProblemError(500, "internal_error", "TypeError: x is undefined");
    const html = renderToStaticMarkup(<ActionError error={other} messages={messages} />);
    expect(html).not.toContain("TypeError");
    expect(html).toContain("That did not work. Reload the page and try again.");
  });
});
