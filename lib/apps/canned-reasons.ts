import type { ApprovalCriterion } from "@/lib/core/enums";

/**
 * Reasons reviewers give often, per criterion: picked in the checklist, they fill the problem's
 * text, which the administrator then edits to fit the listing before rejecting.
 */
export const CANNED_REASONS: Record<ApprovalCriterion, readonly { label: string; message: string }[]> = {
  FUNCTIONALITY: [
    {
      label: "Does not install",
      message: "Installing the app into a workspace fails. Check the OAuth client and the redirect URLs, then resubmit.",
    },
    {
      label: "Missing feature",
      message: "The listing describes a feature we could not find in the app. Build it or take it out of the description.",
    },
  ],
  QUALITY: [
    { label: "Blurry screenshot", message: "A screenshot is blurry or scaled up. Upload a sharp capture at 1280×720 or larger." },
    { label: "Placeholder text", message: "The listing still holds placeholder text. Replace it with what the app does." },
  ],
  SECURITY: [
    { label: "Broad scopes", message: "The app asks for more access than it needs. Request only the scopes its features use." },
    { label: "Tokens exposed", message: "Access tokens are exposed (in URLs or logs). Keep them server-side and out of logs." },
  ],
  TERMS_COMPLIANCE: [
    {
      label: "Brand misuse",
      message: "The listing uses the Yapture name or logo in a way the brand rules do not allow. Follow the brand guidelines.",
    },
    { label: "Unsupported claims", message: "The description makes claims the app cannot back. Remove or substantiate them." },
  ],
  USER_EXPERIENCE: [
    { label: "No onboarding", message: "New users get no guidance after installing. Add a first-run explanation or a link to setup docs." },
    { label: "Unclear errors", message: "Errors show raw codes without explanation. Tell users what went wrong and what to do next." },
  ],
};
