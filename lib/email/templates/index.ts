import type { EmailType } from "@/lib/core/enums";

import { apiKeyExpiringEmail, type ApiKeyExpiringInput } from "./api-key-expiring";
import { appApprovedEmail, type AppApprovedInput } from "./app-approved";
import { appRejectedEmail, type AppRejectedInput } from "./app-rejected";
import { appUpdateApprovedEmail, type AppUpdateApprovedInput } from "./app-update-approved";
import { appUpdateRejectedEmail, type AppUpdateRejectedInput } from "./app-update-rejected";
import { developerReinstatedEmail, type DeveloperReinstatedInput } from "./developer-reinstated";
import { developerRejectedEmail, type DeveloperRejectedInput } from "./developer-rejected";
import { developerSuspendedEmail, type DeveloperSuspendedInput } from "./developer-suspended";
import { developerVerifiedEmail, type DeveloperVerifiedInput } from "./developer-verified";
import type { RenderedEmail } from "./layout";
import { memberInvitedEmail, type MemberInvitedInput } from "./member-invited";
import { profileChangeApprovedEmail, type ProfileChangeApprovedInput } from "./profile-change-approved";
import { profileChangeRejectedEmail, type ProfileChangeRejectedInput } from "./profile-change-rejected";
import { reviewRepliedEmail, type ReviewRepliedInput } from "./review-replied";
import { webhookEndpointDisabledEmail, type WebhookEndpointDisabledInput } from "./webhook-endpoint-disabled";

export type { RenderedEmail };
export { APPROVAL_CRITERION_LABELS } from "@/lib/core/enums";

/** What each email type needs, discriminated by `type`. */
export type EmailInput =
  | DeveloperVerifiedInput
  | DeveloperRejectedInput
  | DeveloperSuspendedInput
  | DeveloperReinstatedInput
  | AppApprovedInput
  | AppRejectedInput
  | AppUpdateApprovedInput
  | AppUpdateRejectedInput
  | ProfileChangeApprovedInput
  | ProfileChangeRejectedInput
  | ReviewRepliedInput
  | MemberInvitedInput
  | ApiKeyExpiringInput
  | WebhookEndpointDisabledInput;

// Exhaustive by construction: a new EMAIL_TYPES value without a template fails to compile here.
const renderers: { [T in EmailType]: (input: Extract<EmailInput, { type: T }>) => RenderedEmail } = {
  DEVELOPER_VERIFIED: developerVerifiedEmail,
  DEVELOPER_REJECTED: developerRejectedEmail,
  DEVELOPER_SUSPENDED: developerSuspendedEmail,
  DEVELOPER_REINSTATED: developerReinstatedEmail,
  APP_APPROVED: appApprovedEmail,
  APP_REJECTED: appRejectedEmail,
  APP_UPDATE_APPROVED: appUpdateApprovedEmail,
  APP_UPDATE_REJECTED: appUpdateRejectedEmail,
  PROFILE_CHANGE_APPROVED: profileChangeApprovedEmail,
  PROFILE_CHANGE_REJECTED: profileChangeRejectedEmail,
  REVIEW_REPLIED: reviewRepliedEmail,
  MEMBER_INVITED: memberInvitedEmail,
  API_KEY_EXPIRING: apiKeyExpiringEmail,
  WEBHOOK_ENDPOINT_DISABLED: webhookEndpointDisabledEmail,
};

export function renderEmail(input: EmailInput): RenderedEmail {
  const render = renderers[input.type] as (input: EmailInput) => RenderedEmail;
  return render(input);
}
