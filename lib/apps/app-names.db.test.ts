import { describe, expect, it } from "vitest";

import { memberAccess } from "@/lib/members/membership";
import { insertApps } from "@/test/support/apps";
import { insertDeveloper, ownerOf } from "@/test/support/developers";
import { addMember } from "@/test/support/members";

import { listAppNames } from "./service";

describe("the names of the apps a member reaches (the portal's app limits)", () => {
  it("are the account's, A to Z, within the member's app limit", async () => {
    const developer = await insertDeveloper();
    const other = await insertDeveloper();
    const [zebra, alpha, middle] = await insertApps(developer, [{ name: "Zebra Sync" }, { name: "Alpha Notes" }, { name: "Middle Man" }]);
    await insertApps(other, [{ name: "Another Account's App" }]);

    const owner = await ownerOf(developer);
    expect(await listAppNames(owner.access)).toEqual([
      { id: alpha!.id, name: "Alpha Notes" },
      { id: middle!.id, name: "Middle Man" },
      { id: zebra!.id, name: "Zebra Sync" },
    ]);
    const limited = await addMember(developer, "DEVELOPER", [zebra!.id]);
    expect(await listAppNames(memberAccess({ developer, member: limited.member }))).toEqual([{ id: zebra!.id, name: "Zebra Sync" }]);
  });
});
