import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { APPROVAL_CRITERIA } from "@/lib/core/enums";
import { forgetProcessCaches } from "@/test/support/process-caches";

import { renderEmail, APPROVAL_CRITERION_LABELS, type EmailInput } from "./templates";

const appId = "5f2c1a3e-8b7d-4c6e-9f10-1a2b3c4d5e6f";
const developerName = "Ada Lovelace";
const appName = "Standup Bot";

const inputs: { [T in EmailInput["type"]]: Extract<EmailInput, { type: T }> } = {
  DEVELOPER_VERIFIED: { type: "DEVELOPER_VERIFIED", developerName },
  DEVELOPER_REJECTED: { type: "DEVELOPER_REJECTED", developerName, reason: "The website does not load." },
  DEVELOPER_SUSPENDED: { type: "DEVELOPER_SUSPENDED", developerName, reason: "Spam reports from several workspaces." },
  DEVELOPER_REINSTATED: { type: "DEVELOPER_REINSTATED", developerName },
  MEMBER_INVITED: {
    type: "MEMBER_INVITED",
    inviteeEmail: "grace@example.com",
    inviterName: developerName,
    accountName: "Northwind Labs",
    roleLabel: "Developer",
    invitationId: appId,
    token: "secret-token",
    expiresAt: new Date("2026-12-05T10:00:00.000Z"),
  },
  API_KEY_EXPIRING: {
    type: "API_KEY_EXPIRING",
    developerName,
    keyName: "CI deploys",
    maskedKey: "mkp_Ab3d…x9Yz",
    expiresAt: new Date("2026-12-05T10:00:00.000Z"),
  },
  WEBHOOK_ENDPOINT_DISABLED: {
    type: "WEBHOOK_ENDPOINT_DISABLED",
    developerName,
    url: "https://hooks.example.com/marketplace",
    reason: "gone",
  },
  REVIEW_REPLIED: {
    type: "REVIEW_REPLIED",
    // The person the email is for: the reviewer.
    reviewerName: developerName,
    appName,
    slug: "standup-bot",
    publisherName: "Northwind Labs",
  },
  APP_APPROVED: { type: "APP_APPROVED", developerName, appName, appId, slug: "standup-bot", note: "Lovely screenshots." },
  APP_REJECTED: {
    type: "APP_REJECTED",
    developerName,
    appName,
    appId,
    reasons: [
      { criterion: "SECURITY", message: "The OAuth redirect accepts any URL." },
      { criterion: "USER_EXPERIENCE", message: "The settings page is empty." },
    ],
    message: "Close, please try again.",
  },
  APP_UPDATE_APPROVED: {
    type: "APP_UPDATE_APPROVED",
    developerName,
    appName,
    appId,
    slug: "standup-bot",
    version: 3,
    live: true,
    note: null,
  },
  APP_UPDATE_REJECTED: {
    type: "APP_UPDATE_REJECTED",
    developerName,
    appName,
    appId,
    reasons: [{ criterion: "QUALITY", message: "The new screenshots are blurry." }],
  },
  PROFILE_CHANGE_APPROVED: {
    type: "PROFILE_CHANGE_APPROVED",
    developerName,
    changes: [
      { label: "Name", value: "Ada Lovelace Ltd" },
      { label: "Website", value: null },
    ],
  },
  PROFILE_CHANGE_REJECTED: { type: "PROFILE_CHANGE_REJECTED", developerName, reason: "The company name belongs to another company." },
};

beforeAll(() => {
  process.env.APP_URL = "https://market.example.com/";
  forgetProcessCaches();
});

afterAll(() => {
  delete process.env.APP_URL;
  forgetProcessCaches();
});

describe("renderEmail", () => {
  it.each(Object.values(inputs) as EmailInput[])("$type names the developer in subject, html and text", (input) => {
    const email = renderEmail(input);
    for (const part of [email.subject, email.html, email.text]) expect(part).toContain(developerName);
    expect(email.subject).not.toMatch(/\n/);
    expect(email.html).toMatch(/^<!doctype html>/);
  });

  it.each([inputs.APP_APPROVED, inputs.APP_REJECTED, inputs.APP_UPDATE_APPROVED, inputs.APP_UPDATE_REJECTED])(
    "$type names the app in subject, html and text",
    (input) => {
      const email = renderEmail(input);
      for (const part of [email.subject, email.html, email.text]) expect(part).toContain(appName);
    },
  );

  it.each([
    ["DEVELOPER_VERIFIED", ["https://market.example.com/developer"]],
    ["DEVELOPER_REJECTED", ["https://market.example.com/developer"]],
    ["DEVELOPER_SUSPENDED", ["https://market.example.com/developer"]],
    ["DEVELOPER_REINSTATED", ["https://market.example.com/developer"]],
    ["APP_APPROVED", [`https://market.example.com/developer/apps/${appId}`, "https://market.example.com/apps/standup-bot"]],
    ["APP_REJECTED", [`https://market.example.com/developer/apps/${appId}`]],
    ["APP_UPDATE_APPROVED", [`https://market.example.com/developer/apps/${appId}`, "https://market.example.com/apps/standup-bot"]],
    ["APP_UPDATE_REJECTED", [`https://market.example.com/developer/apps/${appId}`]],
    ["PROFILE_CHANGE_APPROVED", ["https://market.example.com/developer"]],
    ["PROFILE_CHANGE_REJECTED", ["https://market.example.com/developer"]],
  ] as const)("%s links into the portal", (type, links) => {
    const email = renderEmail(inputs[type]);
    for (const link of links) {
      expect(email.html).toContain(`href="${link}"`);
      expect(email.text).toContain(link);
    }
    expect(email.text).not.toContain("market.example.com//");
  });

  it("tells a developer it is about their developer account, a reviewer that it is about their review, an invitee why", () => {
    const becauseOf: Partial<Record<EmailInput["type"], string>> = {
      REVIEW_REPLIED: "You receive this email because you reviewed an app on Yapture Marketplace.",
      MEMBER_INVITED: "You receive this email because a developer account on Yapture Marketplace invited this address.",
    };
    for (const input of Object.values(inputs) as EmailInput[]) {
      const email = renderEmail(input);
      const why = becauseOf[input.type] ?? "You receive this email because you have a developer account on Yapture Marketplace.";
      expect(email.text.endsWith(`--\n${why}\n`)).toBe(true);
      expect(email.html).toContain(`>${why}</td>`);
    }
  });

  it("says what happens next", () => {
    expect(renderEmail(inputs.DEVELOPER_VERIFIED).text).toMatch(/create API keys and apps/);
    expect(renderEmail(inputs.DEVELOPER_REJECTED).text).toMatch(
      /update your profile in the developer portal and ask for another review there/,
    );
    expect(renderEmail(inputs.DEVELOPER_SUSPENDED).text).toMatch(/apps are hidden from the marketplace/);
    expect(renderEmail(inputs.DEVELOPER_REINSTATED).text).toMatch(/approved apps are public again/);
    expect(renderEmail(inputs.APP_APPROVED).text).toMatch(/users can find and install the app/);
    expect(renderEmail(inputs.APP_REJECTED).text).toMatch(/fix the listing .* then submit it for review again/s);
    expect(renderEmail(inputs.APP_APPROVED).text).toMatch(/prepare an update in the developer portal/);
    expect(renderEmail(inputs.APP_UPDATE_APPROVED).text).toMatch(/now shows version 3 .* Installs and reviews carry over/s);
    expect(renderEmail({ ...inputs.APP_UPDATE_APPROVED, live: false }).text).toMatch(
      /goes live with the app when an administrator republishes it/,
    );
    expect(renderEmail({ ...inputs.APP_UPDATE_APPROVED, staged: true }).text).toMatch(
      /staged rollout: version 3 is live for your testers only/,
    );
    expect(renderEmail(inputs.APP_UPDATE_REJECTED).text).toMatch(/The live version stays as it is/);
    expect(renderEmail(inputs.PROFILE_CHANGE_APPROVED).text).toMatch(
      /show it from now on:\n\n- Name: Ada Lovelace Ltd\n- Website: \(removed\)/,
    );
    expect(renderEmail(inputs.PROFILE_CHANGE_REJECTED).text).toMatch(/keeps showing your verified profile as it was/);
  });

  it.each([
    [inputs.DEVELOPER_REJECTED, "The website does not load."],
    [inputs.DEVELOPER_SUSPENDED, "Spam reports from several workspaces."],
    [inputs.PROFILE_CHANGE_REJECTED, "The company name belongs to another company."],
  ])("$type carries the reason", (input, reason) => {
    const email = renderEmail(input);
    expect(email.html).toContain(reason);
    expect(email.text).toContain(`> ${reason}`);
  });

  it("an approval carries the reviewer's note only when there is one", () => {
    expect(renderEmail(inputs.APP_APPROVED).text).toContain("Note from the reviewer\n> Lovely screenshots.");
    expect(renderEmail({ ...inputs.APP_APPROVED, note: null }).text).not.toContain("Note from the reviewer");
  });

  it("an app rejection lists every reason with its label, the reviewer's message and the guidance", () => {
    const reasons = APPROVAL_CRITERIA.map((criterion) => ({ criterion, message: `Problem with ${criterion.toLowerCase()}.` }));
    const email = renderEmail({ ...inputs.APP_REJECTED, reasons });
    for (const reason of reasons) {
      const label = APPROVAL_CRITERION_LABELS[reason.criterion];
      expect(email.text).toContain(`- ${label}: ${reason.message}`);
      expect(email.html).toContain(`<strong>${label}:</strong> ${reason.message}`);
    }
    expect(Object.values(APPROVAL_CRITERION_LABELS)).toEqual([
      "Functionality",
      "Quality",
      "Security",
      "Terms compliance",
      "User experience",
    ]);
    expect(email.text).toContain("Message from the reviewer\n> Close, please try again.");
    expect(email.html).toContain("Fix the listing and resubmit");
    expect(renderEmail({ ...inputs.APP_REJECTED, message: undefined }).text).not.toContain("Message from the reviewer");
  });

  it("escapes user input in the HTML and keeps it verbatim in the text", () => {
    const evil = `<script>alert("x")</script> & 'co'`;
    const emails = [
      renderEmail({ type: "DEVELOPER_REJECTED", developerName: evil, reason: evil }),
      renderEmail({ type: "APP_APPROVED", developerName: evil, appName: evil, appId, slug: "a-b", note: evil }),
      renderEmail({
        type: "APP_REJECTED",
        developerName: evil,
        appName: evil,
        appId,
        reasons: [{ criterion: "QUALITY", message: evil }],
        message: evil,
      }),
    ];
    for (const email of emails) {
      expect(email.html).not.toContain("<script>");
      expect(email.html).not.toContain(`"x"`);
      expect(email.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;");
      expect(email.text).toContain(evil);
    }
  });

  it("keeps line breaks of reasons, and a subject on one line whatever the names contain", () => {
    const email = renderEmail({
      type: "APP_REJECTED",
      developerName: "Ada\r\nBcc: someone@example.com",
      appName: "Bot",
      appId,
      reasons: [{ criterion: "QUALITY", message: "First line.\nSecond line." }],
    });
    expect(email.subject).toBe("Ada Bcc: someone@example.com, Bot needs changes before it can be published");
    expect(email.html).toContain("First line.<br>Second line.");
  });

  it("encodes path segments taken from data", () => {
    const email = renderEmail({ ...inputs.APP_APPROVED, slug: `a"b<c` });
    expect(email.html).toContain('href="https://market.example.com/apps/a%22b%3Cc"');
  });
});
