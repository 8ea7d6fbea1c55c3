import { describe, expect, it } from "vitest";

import { sectionOf } from "./publisher-switcher";

const SECTIONS = ["/developer", "/developer/apps", "/developer/keys", "/developer/team"];

describe("where switching accounts lands: the same section of the portal, in the other account", () => {
  it.each([
    ["/developer", "/developer"],
    ["/developer/keys", "/developer/keys"],
    // A listing of one account is not the other's: its list instead.
    ["/developer/apps/0b6f0c1e-8d0b-4a4e-9d43-1f2a3b4c5d6e", "/developer/apps"],
    ["/developer/apps/new", "/developer/apps"],
    // The audit log is not in the sections of a member who is no owner; an invitation's page is in none.
    ["/developer/audit", "/developer"],
    ["/developer/invitations/0b6f0c1e-8d0b-4a4e-9d43-1f2a3b4c5d6e", "/developer"],
    ["/developer/teams", "/developer"],
  ])("%s → %s", (path, section) => {
    expect(sectionOf(path, SECTIONS)).toBe(section);
  });
});
