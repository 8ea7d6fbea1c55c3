import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { publishersOf } from "@/lib/members/membership";
import { TEAM } from "@/lib/members/operations";
import { publisherView } from "@/lib/members/views";

// GET /api/dev/publishers — the developer accounts the signed-in person belongs to.
export const { GET } = handle(TEAM.publishers, async ({ identity }) =>
  json({ data: (await publishersOf(identity.sub)).map(publisherView) }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
