import { describe, expect, it } from "vitest";

import { besideField, fieldProblem, humanize, listingControlId, listingFieldLabel } from "./field-names";

describe("a field's name in a message", () => {
  it("reads as people name the field, counting list items from 1", () => {
    expect(humanize("websiteUrl")).toBe("Website URL");
    expect(humanize("companyName")).toBe("Company name");
    expect(humanize("screenshots[0].url")).toBe("Screenshot 1 URL");
    expect(humanize("screenshots[2].caption")).toBe("Screenshot 3 caption");
    expect(humanize("oauthClientId")).toBe("OAuth client ID");
  });

  it("names a listing's images as its form does", () => {
    expect(listingFieldLabel("logoUrl")).toBe("Logo");
    expect(listingFieldLabel("bannerUrl")).toBe("Banner");
    expect(listingFieldLabel("screenshots[1].url")).toBe("Screenshot 2");
    expect(listingFieldLabel("screenshots[1]")).toBe("Screenshot 2");
    expect(listingFieldLabel("screenshots[1].caption")).toBe("Screenshot 2 caption");
    expect(listingFieldLabel("notes")).toBe("What's new");
    expect(listingFieldLabel("websiteUrl")).toBe("Website URL");
  });
});

describe("the control an error leads to", () => {
  it.each([
    ["screenshots[0].url", "screenshot-1-url"],
    ["screenshots[0]", "screenshot-1-url"],
    ["screenshots[3].caption", "screenshot-4-caption"],
    ["logoUrl", "logoUrl"],
    ["notes", "notes"],
  ])("%s → #%s", (path, id) => expect(listingControlId(path)).toBe(id));
});

describe("an error summary's line", () => {
  it("does not name the field twice", () => {
    expect(fieldProblem("Logo", "logo must be square (it is 600×400)")).toBe("Logo must be square (it is 600×400)");
    expect(fieldProblem("Screenshot 2", "screenshot must be at least 1280×720 pixels")).toBe(
      "Screenshot 2 must be at least 1280×720 pixels",
    );
    expect(fieldProblem("Banner", "banner could not be fetched")).toBe("Banner could not be fetched");
  });

  it("names the field when the message does not", () => {
    expect(fieldProblem("Website URL", "must be an https URL")).toBe("Website URL: must be an https URL");
    // A word that merely starts like the field is not the field.
    expect(fieldProblem("Logo", "logos are checked on submit")).toBe("Logo: logos are checked on submit");
  });

  it("writes a message beside its field as a sentence", () => {
    expect(besideField("logo must be square")).toBe("Logo must be square");
  });
});
