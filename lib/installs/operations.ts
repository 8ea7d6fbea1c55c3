import { bodyErrors, operationOf } from "@/lib/validation/operation";

import {
  installBody,
  installResultSchema,
  uninstallQuery,
  uninstallResultSchema,
  workspaceVersionQuery,
  workspaceVersionSchema,
} from "./schemas";

// The HTTP operations of installing an app. What each field means: lib/validation/operation.ts.

const publicOperation = operationOf("Public marketplace", "public");
const signedInOperation = operationOf("Public marketplace", "yapture");

export const INSTALLS = {
  install: publicOperation({
    method: "post",
    path: "/api/apps/{slug}/install",
    operationId: "installApp",
    summary: "Record an installation",
    description:
      "A workspace counts once per app: the first install answers 201, repeats 200. " +
      "Without `workspaceId` an anonymous install counts once per client, app and UTC day (repeats: 200 with the unchanged count); " +
      "a client is its IPv4 address or its IPv6 /64. The body is optional: none at all (also without `Content-Length`) is an anonymous install. " +
      "A `workspaceId` needs a Yapture access token or the site's session of a member of that workspace: without credentials it is " +
      "401 `unauthenticated`; sent with them, the install is the person's, `workspaceId` is required and must be one of their Yapture " +
      "workspaces (the `workspaces` claim); another is 403 `forbidden`, an API key 403 too. " +
      "Rate limit `install`: a member's install counts per workspace and app, any other per client address and app.",
    body: installBody,
    bodyOptional: true,
    success: {
      201: { description: "Installed", schema: installResultSchema },
      200: { description: "Already installed in this workspace", schema: installResultSchema },
    },
    errors: ["unauthenticated", "forbidden", "not_found", "rate_limited", "service_unavailable", ...bodyErrors],
  }),
  uninstall: signedInOperation({
    method: "delete",
    path: "/api/apps/{slug}/installs/{workspaceId}",
    operationId: "uninstallApp",
    limits: [{ policy: "install", per: "person" }],
    summary: "Remove an app from one of your workspaces",
    description:
      "Ends the workspace's install: `activeInstallCount` drops, `installCount` (every install ever) stays; installing again " +
      "counts again. Only a member of the workspace (the `workspaces` claim of a Yapture token or the site's session): another " +
      "workspace is 403 `forbidden`, no credentials 401. `reason` and `comment` are optional query parameters; the publisher " +
      "sees them in its analytics, never who gave them. Not installed there: 404.",
    query: uninstallQuery,
    success: { 200: { description: "Removed", schema: uninstallResultSchema } },
    errors: ["unauthenticated", "forbidden", "not_found", "validation_failed", "rate_limited", "service_unavailable"],
  }),
  workspaceVersion: signedInOperation({
    method: "get",
    path: "/api/apps/{slug}/version",
    operationId: "getWorkspaceAppVersion",
    summary: "Which version of an app one of your workspaces has",
    description:
      "The live version, or, while an update is rolled out in stages, the staged one for a tester workspace (or an email tester) " +
      "and for the workspaces whose stable bucket (a hash of app and workspace, 0–99) is below the rollout's share; the same " +
      "answer on every call until the publisher moves the rollout. Only a member of the workspace (the `workspaces` claim of a " +
      "Yapture token or the site's session): another workspace is 403 `forbidden`, no credentials 401. An app the workspace " +
      "cannot reach (a private one it does not test) is 404. Public pages and lists always show the live version.",
    query: workspaceVersionQuery,
    success: { 200: { description: "The workspace's version", schema: workspaceVersionSchema } },
    errors: ["unauthenticated", "forbidden", "not_found", "validation_failed", "rate_limited", "service_unavailable"],
  }),
};
