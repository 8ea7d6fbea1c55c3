import { composeEmail, portalUrl, type RenderedEmail } from "./layout";

export type MemberInvitedInput = {
  type: "MEMBER_INVITED";
  inviteeEmail: string;
  inviterName: string;
  accountName: string;
  roleLabel: string;
  invitationId: string;
  token: string;
  expiresAt: Date;
};

export function memberInvitedEmail({
  inviteeEmail,
  inviterName,
  accountName,
  roleLabel,
  invitationId,
  token,
  expiresAt,
}: MemberInvitedInput): RenderedEmail {
  return composeEmail({
    to: inviteeEmail,
    subject: `${inviterName} invited you to ${accountName} on Yapture Marketplace`,
    preview: `Join the developer account ${accountName} as ${roleLabel}.`,
    heading: `Join ${accountName}`,
    blocks: [
      {
        paragraph: [
          { strong: inviterName },
          " invited you to the developer account ",
          { strong: accountName },
          " as ",
          { strong: roleLabel },
          ".",
        ],
      },
      {
        paragraph: [
          `Accept it by ${expiresAt.toISOString().slice(0, 10)} (UTC), signed in with the Yapture account of this email address; `,
          "it works once. If you did not expect it, ignore this email.",
        ],
      },
    ],
    action: {
      label: "See the invitation",
      href: portalUrl(`/developer/invitations/${encodeURIComponent(invitationId)}?token=${encodeURIComponent(token)}`),
    },
    receivedBecause: "a developer account on Yapture Marketplace invited this address",
  });
}
