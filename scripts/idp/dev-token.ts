import type { IncomingMessage, ServerResponse } from "node:http";

import type Provider from "oidc-provider";

import { defaultNameFor, demoWorkspacesFor, type Accounts, type Workspace } from "./accounts";
import type { IdpClient } from "./clients";
import { ACCESS_TOKEN_TTL, OIDC_SCOPES } from "./configuration";
import { HttpError, readBody, sendJson } from "./http";

// POST /dev/token: mints an access token for any account, as scripts and tests need, without the
// browser flow. { sub, email, name?, expiresIn?, clientId?, emailVerified?, workspaces? }

const MAX_DEV_TOKEN_TTL = 365 * 24 * 60 * 60;

type DevTokenRequest = {
  sub: string;
  email: string;
  name: string;
  ttl: number;
  clientId: string;
  emailVerified: boolean;
  workspaces: Workspace[] | undefined;
};

const isWorkspaceList = (value: unknown): value is Workspace[] =>
  Array.isArray(value) &&
  value.length <= 50 &&
  value.every(
    (item) => typeof item === "object" && item !== null && typeof item.id === "string" && item.id !== "" && typeof item.name === "string",
  );

/** The request, or what is wrong with it. */
function parseRequest(body: Record<string, unknown>, clients: IdpClient[]): DevTokenRequest | { problems: string[] } {
  const { sub, email, name, expiresIn, clientId = clients[0]!.clientId, emailVerified = true, workspaces } = body;
  const problems: string[] = [];
  if (typeof sub !== "string" || sub.trim() === "") problems.push("sub must be a non-empty string");
  if (typeof email !== "string" || email.trim() === "") problems.push("email must be a non-empty string");
  if (name !== undefined && name !== null && typeof name !== "string") problems.push("name must be a string");
  if (
    expiresIn !== undefined &&
    (typeof expiresIn !== "number" || !Number.isInteger(expiresIn) || expiresIn < 1 || expiresIn > MAX_DEV_TOKEN_TTL)
  ) {
    problems.push(`expiresIn must be an integer number of seconds between 1 and ${MAX_DEV_TOKEN_TTL}`);
  }
  if (typeof clientId !== "string" || !clients.some((client) => client.clientId === clientId)) {
    problems.push(`clientId must be one of ${clients.map((client) => client.clientId).join(", ")}`);
  }
  if (typeof emailVerified !== "boolean") problems.push("emailVerified must be a boolean");
  if (workspaces !== undefined && !isWorkspaceList(workspaces))
    problems.push("workspaces must be a list of at most 50 { id, name } strings");
  if (problems.length > 0 || typeof sub !== "string" || typeof email !== "string" || typeof clientId !== "string") return { problems };
  return {
    sub,
    email,
    name: typeof name === "string" && name.trim() !== "" ? name : defaultNameFor(email),
    ttl: typeof expiresIn === "number" ? expiresIn : ACCESS_TOKEN_TTL,
    clientId,
    emailVerified: emailVerified === true,
    workspaces: isWorkspaceList(workspaces) ? workspaces.map(({ id, name }) => ({ id, name })) : undefined,
  };
}

async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown> | string> {
  let body: unknown;
  try {
    body = JSON.parse(await readBody(req));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    return "body must be JSON";
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return "body must be a JSON object";
  return body as Record<string, unknown>;
}

/** The /dev/token handler of a provider; `clients` are its registered clients, the first the default. */
export function devTokenHandler(provider: Provider, accounts: Accounts, clients: IdpClient[]) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const body = await readJsonObject(req);
    if (typeof body === "string") return sendJson(res, 400, { error: "invalid_request", error_description: body });
    const request = parseRequest(body, clients);
    if ("problems" in request) return sendJson(res, 400, { error: "invalid_request", error_description: request.problems.join("; ") });

    const { sub, email, name, ttl, clientId, emailVerified, workspaces } = request;
    accounts.set(sub, { email, name, emailVerified, workspaces: workspaces ?? demoWorkspacesFor(sub, name) });
    const client = await provider.Client.find(clientId);
    if (!client) throw new Error(`client ${clientId} not found`);

    const grant = new provider.Grant({ accountId: sub, clientId: client.clientId, expiresIn: ttl + 60 });
    grant.addOIDCScope(OIDC_SCOPES);
    const grantId = await grant.save();
    const token = new provider.AccessToken({ accountId: sub, client, grantId, scope: OIDC_SCOPES, expiresIn: ttl, gty: "dev_token" });
    sendJson(res, 200, { access_token: await token.save(), token_type: "Bearer", expires_in: ttl });
  };
}
