import { removeTester } from "@/lib/apps/testers";
import { noContent, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { APPS } from "@/lib/apps/operations";

// DELETE /api/dev/apps/:id/testers/:testerId — the tester no longer reaches the private listing.
export const { DELETE } = handle(APPS.removeTester, async ({ access, params }) => {
  await removeTester({ access, appId: params.id, testerId: params.testerId });
  return noContent();
});

export const { GET, POST, PUT, PATCH } = otherMethods(["DELETE"]);
