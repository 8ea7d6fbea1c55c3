import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { SubmissionDetails } from "./submission-details";

const app = {
  submittedAt: "2026-11-28T09:10:00.000Z",
  developer: {
    id: "0b7c4f7e-2f1a-4c55-9a43-3f4f0d1e9a10",
    name: "Dee Dev",
    email: "dee@example.com",
    companyName: null,
    status: "VERIFIED",
  },
  oauthClientId: "northwind-standup_01",
} as const;
const text = (html: string) => html.replace(/<[^>]+>/g, "");

describe("a new listing's submission, as the administrator reviewing it sees it", () => {
  it("shows the OAuth client ID in full, to check against Yapture's registry", () => {
    const html = renderToStaticMarkup(<SubmissionDetails app={app} />);
    expect(html).toContain("<code");
    expect(text(html)).toContain("OAuth client ID: northwind-standup_01 (check Yapture registered it to this developer)");
    expect(text(html)).toContain("Submitted 2026-11-28 09:10 UTC by Dee Dev (dee@example.com)");
  });

  it("says when none was given", () => {
    expect(text(renderToStaticMarkup(<SubmissionDetails app={{ ...app, oauthClientId: null }} />))).toContain(
      "OAuth client ID: none given (the app does not sign in with Yapture)",
    );
  });
});
