import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import type { AuditEventResource } from "@/lib/audit/schemas";

import { AuditLogTable } from "./audit-log";

const member = { kind: "member" as const, yaptureUserId: "yap_1", email: "ada@example.com", name: "Ada Lovelace" };

function event(overrides: Partial<AuditEventResource>): AuditEventResource {
  return {
    id: "0b6f0c1e-8d0b-4a4e-9d43-1f2a3b4c5d6e",
    actor: member,
    action: "app.create",
    targetType: "app",
    targetId: "1b6f0c1e-8d0b-4a4e-9d43-1f2a3b4c5d6e",
    targetName: "Focus Timer",
    before: {},
    after: {},
    createdAt: "2026-11-28T09:30:12.000Z",
    ...overrides,
  };
}

/** Each row's cells as text: when, who, what. */
function rows(events: AuditEventResource[]): string[][] {
  const html = renderToStaticMarkup(<AuditLogTable events={events} />);
  return [...html.matchAll(/<tr [^>]*data-testid="audit-row"[^>]*>(.*?)<\/tr>/g)].map(([, row]) =>
    [...row!.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map(([, cell]) => cell!.replace(/<[^>]+>/g, "").replace(/&quot;/g, '"')),
  );
}

describe("the owners' audit log, in people's words", () => {
  it.each([
    ["a member's listing", event({}), "Ada Lovelace", "created the listing “Focus Timer”"],
    ["a deleted listing", event({ action: "app.submit", targetName: null }), "Ada Lovelace", "submitted a deleted listing for review"],
    [
      "an administrator, never named",
      event({ actor: { kind: "administrator", yaptureUserId: null, email: null, name: null }, action: "revision.approve" }),
      "An administrator",
      "approved the update of “Focus Timer”: it is live",
    ],
    [
      "an API key",
      event({
        actor: { kind: "api_key", yaptureUserId: null, email: null, name: "CI deploys" },
        action: "api_key.rotate",
        targetType: "api_key",
        targetName: null,
        after: { name: "CI deploys", maskedKey: "mkp_Ab3d…x9Yz", overlapHours: 24 },
      }),
      "API key “CI deploys”",
      "rotated the API key “CI deploys”; the old key worked 24 more hours",
    ],
    [
      "a change of role",
      event({
        action: "member.change",
        targetType: "member",
        targetName: null,
        before: { name: "Grace Hopper", role: "ADMIN", appIds: null },
        after: { role: "DEVELOPER", appIds: null },
      }),
      "Ada Lovelace",
      "changed the role of Grace Hopper from Admin to Developer",
    ],
    [
      "a change of apps",
      event({
        action: "member.change",
        targetType: "member",
        targetName: null,
        before: { name: "Grace Hopper", role: "DEVELOPER", appIds: null },
        after: { role: "DEVELOPER", appIds: ["2b6f0c1e-8d0b-4a4e-9d43-1f2a3b4c5d6e"] },
      }),
      "Ada Lovelace",
      "let Grace Hopper work on 1 app",
    ],
    [
      "an invitation",
      event({
        action: "invitation.send",
        targetType: "invitation",
        targetName: null,
        after: { email: "new@example.com", role: "DEVELOPER" },
      }),
      "Ada Lovelace",
      "invited new@example.com as Developer",
    ],
    [
      "the account's founding owner, from before teams",
      event({ actor: { kind: "member", yaptureUserId: null, email: null, name: "the account owner" }, action: "member.leave" }),
      "The account owner",
      "left the team",
    ],
    ["an action it has no words for", event({ action: "app.teleport" }), "Ada Lovelace", "app.teleport"],
  ])("%s", (_case, given, who, what) => {
    expect(rows([given])).toEqual([["2026-11-28 09:30 UTC", who, what]]);
  });

  it("says when nothing is recorded", () => {
    expect(renderToStaticMarkup(<AuditLogTable events={[]} />)).toContain("Nothing recorded yet.");
  });
});
