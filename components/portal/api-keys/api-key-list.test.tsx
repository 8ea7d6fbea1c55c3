import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { ApiKeyList } from "./api-key-list";

const empty = (anyRevoked: boolean) =>
  renderToStaticMarkup(<ApiKeyList keys={[]} apps={new Map()} caption="Your API keys" anyRevoked={anyRevoked} />);

describe("the API keys' empty state", () => {
  it("says there are none yet for an account that never had one", () => {
    expect(empty(false)).toContain("No API keys yet.");
  });

  it("says none is active, not none yet, when revoked keys are listed below", () => {
    expect(empty(true)).not.toContain("yet");
    expect(empty(true)).toContain("No active API keys: the revoked ones are listed below.");
  });
});
