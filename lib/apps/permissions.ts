import type { AppCategory } from "@/lib/core/enums";

// What an installed app can do in a workspace, said before the install is confirmed. Listings do
// not declare scopes yet, so the summary follows from what every app gets (the workspace's tasks,
// through its OAuth client) and what apps of its category are for (docs/public-api.md).

const BY_CATEGORY: Record<AppCategory, string> = {
  PRODUCTIVITY: "Create and update tasks, due dates and assignees",
  UTILITIES: "Create and update tasks in bulk",
  BUSINESS: "Create tasks from records in the connected service",
  DEVELOPER_TOOLS: "Link tasks to code changes and update their status",
  COMMUNICATION: "Post task updates to the connected chat channels",
  ANALYTICS: "Read task history to build reports",
  AI_ML: "Send task titles and descriptions to the app's AI service",
  FINANCE: "Read time and expense fields of tasks",
  EDUCATION: "Create onboarding tasks and checklists",
  OTHER: "Act on tasks as the listing describes",
};

const hostOf = (url: string | null) => (url && URL.canParse(url) ? new URL(url).host : undefined);

/** A short list of what `app` will be able to do in the workspace it is installed in. */
export function permissionsSummary(app: { category: AppCategory; websiteUrl: string | null }): string[] {
  return [
    "See the workspace's projects, tasks and comments",
    BY_CATEGORY[app.category],
    `Sign in through Yapture on ${hostOf(app.websiteUrl) ?? "the developer's site"}; you can remove it from the workspace at any time`,
  ];
}
