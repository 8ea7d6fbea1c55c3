import type { IncomingMessage, ServerResponse } from "node:http";

import Provider, { errors } from "oidc-provider";

import { defaultNameFor, demoWorkspacesFor, subjectForEmail, type Accounts } from "./accounts";
import { readBody, refuseMethod, sendHtml, sendText } from "./http";
import { loginPage, messagePage, SESSION_NOT_FOUND_PAGE } from "./pages";

// GET/POST /interaction/:uid: the "Yapture (development sign-in)" form, which accepts any email.

type Interaction = Awaited<ReturnType<Provider["interactionDetails"]>>;

/** Normally unreachable (the configuration grants consent itself); kept as a safety net. */
async function grantConsent(provider: Provider, req: IncomingMessage, res: ServerResponse, interaction: Interaction, clientId: string) {
  const accountId = interaction.session?.accountId;
  if (!accountId) throw new Error("consent prompt without an authenticated account");
  const grant = interaction.grantId
    ? ((await provider.Grant.find(interaction.grantId)) ?? new provider.Grant({ accountId, clientId }))
    : new provider.Grant({ accountId, clientId });
  const details = interaction.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
  if (details.missingOIDCScope?.length) grant.addOIDCScope(details.missingOIDCScope.join(" "));
  if (details.missingOIDCClaims?.length) grant.addOIDCClaims(details.missingOIDCClaims);
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}

/** The submitted form: signs the person in, as a new session when someone else was signed in. */
async function signIn(
  provider: Provider,
  accounts: Accounts,
  { req, res, interaction, clientId }: { req: IncomingMessage; res: ServerResponse; interaction: Interaction; clientId: string },
) {
  const form = new URLSearchParams(await readBody(req));
  const email = (form.get("email") ?? "").trim();
  const name = (form.get("name") ?? "").trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
    const error = "Enter an email address (e.g. alice@example.com).";
    return sendHtml(res, 400, loginPage({ uid: interaction.uid, clientId, email, name, error }));
  }

  const normalizedEmail = email.toLowerCase();
  const accountId = subjectForEmail(normalizedEmail);
  const displayName = name || defaultNameFor(normalizedEmail);
  accounts.set(accountId, {
    email: normalizedEmail,
    name: displayName,
    emailVerified: true,
    workspaces: demoWorkspacesFor(accountId, displayName),
  });

  // Switching user within the same browser: oidc-provider would otherwise bounce through an
  // auto-submitting logout form. Drop the previous IdP session so the new user gets a fresh one.
  if (interaction.session && interaction.session.accountId !== accountId) {
    if (interaction.session.uid) {
      const previous = await provider.Session.findByUid(interaction.session.uid);
      await previous?.destroy();
    }
    delete interaction.session;
    await interaction.persist();
  }

  try {
    await provider.interactionFinished(req, res, { login: { accountId, remember: true } }, { mergeWithLastSubmission: false });
  } catch (error) {
    // e.g. the form was submitted twice and the interaction is already finished
    if (error instanceof errors.SessionNotFound && !res.headersSent) sendHtml(res, 400, SESSION_NOT_FOUND_PAGE);
    else throw error;
  }
}

export function interactionHandler(provider: Provider, accounts: Accounts) {
  return async (req: IncomingMessage, res: ServerResponse, uid: string): Promise<void> => {
    let interaction: Interaction;
    try {
      interaction = await provider.interactionDetails(req, res);
    } catch {
      return sendHtml(res, 400, SESSION_NOT_FOUND_PAGE);
    }
    if (interaction.uid !== uid) return sendHtml(res, 400, messagePage("Sign-in session mismatch"));

    const clientId = typeof interaction.params.client_id === "string" ? interaction.params.client_id : "";
    const { prompt } = interaction;
    if (prompt.name === "consent") return grantConsent(provider, req, res, interaction, clientId);
    if (prompt.name !== "login") return sendHtml(res, 400, messagePage(`Unsupported prompt ${prompt.name}`));

    if (req.method === "GET" || req.method === "HEAD") {
      const loginHint = typeof interaction.params.login_hint === "string" ? interaction.params.login_hint : "";
      return sendHtml(res, 200, loginPage({ uid, clientId, email: loginHint }));
    }
    if (refuseMethod(req, res, ["GET", "HEAD", "POST"], () => sendText(res, 405, "method not allowed"))) return;
    await signIn(provider, accounts, { req, res, interaction, clientId });
  };
}
