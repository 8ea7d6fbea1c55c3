import { describe, expect, it } from "vitest";

import { productionPreflight } from "./env";

const complete = {
  YAPTURE_ISSUER: "https://id.yapture.example",
  YAPTURE_CLIENT_ID: "marketplace",
  YAPTURE_CLIENT_SECRET: "s3cret",
  ADMIN_EMAILS: "ops@yapture.example",
  NEXTAUTH_SECRET: "0123456789abcdef0123",
};

describe("productionPreflight", () => {
  it("passes a complete configuration", () => {
    expect(productionPreflight(complete)).toEqual({ errors: [], warnings: [] });
  });

  it.each(Object.keys(complete))("names %s in one line when it is unset or empty", (name) => {
    for (const value of [undefined, "", "  "]) {
      const { errors } = productionPreflight({ ...complete, [name]: value });
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(new RegExp(`^${name} is not set: .+\\. The server refuses to start without it\\.$`));
    }
  });

  it("warns when private image fetching is on", () => {
    expect(productionPreflight({ ...complete, ASSET_FETCH_ALLOW_PRIVATE: "true" }).warnings).toEqual([
      "ASSET_FETCH_ALLOW_PRIVATE is on: the image check may fetch http:// and private addresses. Never in a real deployment.",
    ]);
  });
});
