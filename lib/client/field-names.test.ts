import { describe, expect, it } from "vitest";

import { humanize } from "./field-names";

describe("a field's name in a message", () => {
  it("reads as people name the field, counting list items from 1", () => {
    expect(humanize("websiteUrl")).toBe("Website URL");
    expect(humanize("companyName")).toBe("Company name");
    expect(humanize("screenshots[0].url")).toBe("Screenshot 1 URL");
    expect(humanize("screenshots[2].caption")).toBe("Screenshot 3 caption");
    expect(humanize("oauthClientId")).toBe("OAuth client ID");
  });
});
