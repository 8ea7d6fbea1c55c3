import { otherMethods, privateJson } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { ME } from "@/lib/me/operations";
import { accountView } from "@/lib/me/views";

// GET /api/me — who is signed in, for the site header's island (pages render the anonymous header).
export const { GET } = handle(ME.account, async ({ identity }) => privateJson(accountView(identity)));

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
