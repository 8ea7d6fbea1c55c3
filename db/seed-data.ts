// Demo content for the Yapture Marketplace seed.
//
// Pure data: no imports. Every `slug` below has a folder `public/demo/<slug>/`
// holding `logo.png` (512x512), `banner.png` (1200x600) and the screenshot files
// listed in `screenshots` (1280x720). Those images are produced by
// `scripts/generate-demo-images.sh` from `scripts/demo-images.tsv`; keep the
// slugs, names and captions of both files in step.
//
// Shape of the data set:
// - 24 apps: 20 APPROVED (all ten categories, 6 featured, 3 on "staging", one on
//   "localhost"), then one each in DRAFT, PENDING, REJECTED and UNPUBLISHED.
// - Installs are spread from 5 to 400; "recurring-tasks-plus" and
//   "bulk-task-importer" both have 128 installs so popularity sorting has a tie.
// - Average ratings vary from 2.25 to 5; "invoice-from-tasks",
//   "gitlab-merge-tracker" and "expense-approvals" all average 4.5, and
//   "burndown-charts" and "timesheet-export" both average 4.0, and "focus-timer"
//   (2 reviews) and "meeting-notes-to-tasks" (1 review) both average 5.0 (rating ties).
//   "field-day-weather" and "webhook-relay" have no reviews.
// - Full-text search demo: the word "standup" is in the name of "Standup Bot"
//   and, among the other apps, appears ONLY in the longDescription of
//   "Meeting Notes to Tasks" (not in its name or short description). Searching
//   "standup" therefore finds Meeting Notes to Tasks only through its long
//   description. Keep "standup" out of every other app's text.

type SeedCategory =
  | "PRODUCTIVITY"
  | "UTILITIES"
  | "BUSINESS"
  | "DEVELOPER_TOOLS"
  | "COMMUNICATION"
  | "ANALYTICS"
  | "AI_ML"
  | "FINANCE"
  | "EDUCATION"
  | "OTHER";

type SeedStatus = "APPROVED" | "DRAFT" | "PENDING" | "REJECTED" | "UNPUBLISHED";

type SeedReview = {
  author: string;
  rating: 1 | 2 | 3 | 4 | 5;
  title?: string;
  body?: string;
  daysAgo: number;
};

type SeedRejectionCriterion = "FUNCTIONALITY" | "QUALITY" | "SECURITY" | "TERMS_COMPLIANCE" | "USER_EXPERIENCE";

export type SeedApp = {
  /** lowercase ascii words joined by "-", <= 60 chars, equals the public/demo folder name */
  slug: string;
  /** 1-80 chars */
  name: string;
  /** 1-200 chars and at most two sentences */
  description: string;
  /** markdown, 300-1500 chars */
  longDescription: string;
  category: SeedCategory;
  environment: "production" | "staging" | "localhost";
  websiteUrl: string;
  /** file names inside public/demo/<slug>/, 2 or 3 entries */
  screenshots: { file: string; caption: string }[];
  status: SeedStatus;
  featured: boolean;
  /** null unless APPROVED or UNPUBLISHED */
  publishedDaysAgo: number | null;
  /** distinct workspace installs to create; 0 unless APPROVED or UNPUBLISHED */
  installs: number;
  /** 0-5 reviews, only for APPROVED apps */
  reviews: SeedReview[];
  /** approved updates, newest first (APPROVED apps only); the app's version is their count + 1 */
  changelog?: { notes: string; daysAgo: number }[];
  /** only for REJECTED apps */
  rejection?: {
    reasons: { criterion: SeedRejectionCriterion; message: string }[];
    message: string;
  };
};

export type SeedDeveloper = {
  yaptureUserId: string;
  name: string;
  email: string;
  companyName: string;
  websiteUrl: string;
  bio: string;
};

export const seedDeveloper: SeedDeveloper = {
  yaptureUserId: "demo-developer",
  name: "Dana Developer",
  email: "dana@example.com",
  companyName: "Northwind Labs",
  websiteUrl: "https://northwind.example.com",
  bio: "Northwind Labs is a small studio that builds integrations for teams who live in Yapture. We focus on quiet, reliable sync and thoughtful defaults.",
};

export const seedApps: SeedApp[] = [
  // ───────────────────────────── APPROVED ─────────────────────────────
  {
    slug: "slack-sync",
    name: "Slack Sync",
    description:
      "Post task updates to the right Slack channels and create tasks without leaving a conversation. Threads stay linked, so replies land as task comments.",
    longDescription: `## Keep every channel in the loop

Slack Sync connects your Yapture projects to Slack channels. When a task is created, assigned or completed, a compact message appears in the channel you picked, and replies in the thread are copied back as comments.

### Highlights

- Map each project to one or more channels, with per-event filters
- Create a task from any message with the **Add to Yapture** shortcut
- Use the \`/yapture new\` slash command with due dates like \`tomorrow 5pm\`
- Mentions are translated both ways, so people are notified where they work

### Setup

Install the app, pick a workspace, then choose channels on the settings page. Private channels only need the bot invited once. Read the [setup guide](https://slacksync.example.com/docs) for details on permissions.`,
    category: "COMMUNICATION",
    environment: "production",
    websiteUrl: "https://slacksync.example.com",
    screenshots: [
      { file: "screenshot-1.png", caption: "Task updates posted to a Slack channel" },
      { file: "screenshot-2.png", caption: "Choose which projects sync to which channels" },
      { file: "screenshot-3.png", caption: "Tasks created from messages" },
    ],
    status: "APPROVED",
    featured: true,
    publishedDaysAgo: 410,
    installs: 400,
    changelog: [
      { notes: "Thread replies now arrive as task comments within seconds, and mentions are translated both ways.", daysAgo: 20 },
      { notes: "New /yapture new slash command with natural due dates like “tomorrow 5pm”.", daysAgo: 150 },
    ],
    reviews: [
      {
        author: "Priya Raman",
        rating: 5,
        title: "Our team lives in this",
        body: "We stopped pasting task links into channels by hand. Thread replies showing up as comments is the killer feature.",
        daysAgo: 12,
      },
      { author: "Marcus Lee", rating: 5, title: "Set up in two minutes", daysAgo: 45 },
      {
        author: "Hannah Okafor",
        rating: 4,
        title: "Great, a bit chatty by default",
        body: "The defaults post a lot. Once I turned off the assignment events it was perfect.",
        daysAgo: 90,
      },
      { author: "Tomás García", rating: 5, body: "Slash command with natural due dates works surprisingly well.", daysAgo: 160 },
      { author: "Lena Fischer", rating: 4, title: "Solid", daysAgo: 300 },
    ],
  },
  {
    slug: "github-issues-bridge",
    name: "GitHub Issues Bridge",
    description:
      "Two-way sync between GitHub issues and Yapture tasks, including labels, assignees and status. Pull requests that mention a task key move it along automatically.",
    longDescription: `## One backlog for code and everything else

GitHub Issues Bridge keeps issues and tasks in lockstep. Pick the repositories to connect and every issue becomes a task in the project you choose; closing either side closes the other.

### What gets synced

- Title, body, labels and assignees, in both directions
- Open and closed state mapped to your board columns
- Pull requests that reference a task key such as \`YAP-142\` are linked on the task
- Merged pull requests can move a task to **Done** automatically

### Good to know

The bridge only reads repositories you select during install, and it never writes code. Conflicts are resolved by the most recent edit, and every change is listed in the sync log so nothing happens silently. See the [documentation](https://issues-bridge.example.dev/docs) for label mapping examples.`,
    category: "DEVELOPER_TOOLS",
    environment: "production",
    websiteUrl: "https://issues-bridge.example.dev",
    screenshots: [
      { file: "screenshot-1.png", caption: "Issues mirrored onto your Yapture board" },
      { file: "screenshot-2.png", caption: "Link pull requests with a task key" },
      { file: "screenshot-3.png", caption: "Sync log with per-issue status" },
    ],
    status: "APPROVED",
    featured: true,
    publishedDaysAgo: 380,
    installs: 352,
    reviews: [
      {
        author: "Sam Whitaker",
        rating: 5,
        title: "Finally one backlog",
        body: "Product and engineering look at the same board now. Label mapping took a minute to understand but it is flexible.",
        daysAgo: 8,
      },
      { author: "Aiko Tanaka", rating: 5, title: "Reliable", daysAgo: 33 },
      { author: "Diego Morales", rating: 5, body: "Auto-moving tasks on merge saves our team a lot of clicking.", daysAgo: 120 },
      {
        author: "Grace Kim",
        rating: 4,
        title: "Wish it handled milestones",
        body: "Everything else is excellent. Milestones would make it complete.",
        daysAgo: 210,
      },
    ],
  },
  {
    slug: "calendar-two-way-sync",
    name: "Calendar Two-Way Sync",
    description:
      "Show tasks with due times on your calendar and turn calendar events into tasks. Drag an event to reschedule and the task follows.",
    longDescription: `## Your plan and your calendar, finally agreeing

Calendar Two-Way Sync puts tasks that have a due time on the calendar of your choice, and creates tasks from events tagged with a keyword. Move a block on the calendar and the due date in Yapture moves with it.

### Features

- Works with any calendar that supports CalDAV or a standard calendar subscription
- Pick the direction per calendar: tasks to calendar, events to tasks, or both
- Time blocking: give a task an estimate and it reserves that much time
- Recurring tasks appear as recurring events

### Privacy

Only events that contain your chosen keyword, \`#task\` by default, are ever read. Everything else on your calendar stays private.`,
    category: "PRODUCTIVITY",
    environment: "production",
    websiteUrl: "https://calsync.example.com",
    screenshots: [
      { file: "screenshot-1.png", caption: "Tasks with due times on your calendar" },
      { file: "screenshot-2.png", caption: "Pick calendars and sync direction" },
    ],
    status: "APPROVED",
    featured: true,
    publishedDaysAgo: 350,
    installs: 311,
    reviews: [
      {
        author: "Olivia Brandt",
        rating: 4,
        title: "Time blocking is great",
        body: "Estimates turning into calendar blocks changed how I plan my week.",
        daysAgo: 20,
      },
      {
        author: "Kwame Mensah",
        rating: 3,
        title: "Occasional duplicates",
        body: "After changing time zones I saw a few duplicated events. Support helped me clean them up.",
        daysAgo: 64,
      },
      { author: "Elif Yılmaz", rating: 5, daysAgo: 101 },
      {
        author: "Noah Schmidt",
        rating: 2,
        title: "Sync delay",
        body: "Changes can take several minutes to appear, which is confusing during a busy day.",
        daysAgo: 190,
      },
      { author: "Chloé Martin", rating: 4, daysAgo: 260 },
    ],
  },
  {
    slug: "ai-task-summarizer",
    name: "AI Task Summarizer",
    description:
      "Condense long task threads, comments and attachments into a short summary with open questions and next steps. Catch up on any project in seconds.",
    longDescription: `## Catch up without scrolling

AI Task Summarizer reads a task's description, comments and linked files, then writes a short summary at the top of the task. It highlights decisions, open questions and who is waiting on whom.

### What it does

- One-paragraph summaries that refresh when the thread changes
- A weekly digest per project, delivered on Monday morning
- Ask follow-up questions such as *"what did we decide about pricing?"*
- Summaries respect task permissions: people only see what they could already read

### Data handling

Content is processed in the region of your workspace and is not used to train models. Admins can turn summaries off per project or exclude tasks labelled \`confidential\`.`,
    category: "AI_ML",
    environment: "production",
    websiteUrl: "https://summarizer.example.com",
    screenshots: [
      { file: "screenshot-1.png", caption: "A short summary of a long task thread" },
      { file: "screenshot-2.png", caption: "Ask follow-up questions about a project" },
      { file: "screenshot-3.png", caption: "Weekly digest across projects" },
    ],
    status: "APPROVED",
    featured: true,
    publishedDaysAgo: 200,
    installs: 287,
    reviews: [
      {
        author: "Rachel Stone",
        rating: 5,
        title: "Saves me an hour a day",
        body: "Coming back from vacation used to be painful. Now I read the digest and I am up to speed.",
        daysAgo: 5,
      },
      {
        author: "Arjun Patel",
        rating: 4,
        title: "Accurate most of the time",
        body: "Occasionally misses a decision buried in an attachment, but it is very good overall.",
        daysAgo: 40,
      },
      { author: "Sofia Rossi", rating: 5, daysAgo: 95 },
    ],
  },
  {
    slug: "focus-timer",
    name: "Focus Timer",
    description:
      "Start a focus session right from a task and log the time automatically. Short breaks, do-not-disturb and weekly focus reports are built in.",
    longDescription: `## Deep work, one task at a time

Focus Timer adds a play button to every task. Start a session and the timer runs in a small floating window while Yapture hides notifications until your break.

### Features

- Classic 25/5 intervals, or any rhythm you prefer
- Time is logged on the task when the session ends
- A weekly report shows focus time by project and by day
- Optional ambient sounds and a gentle chime at the end of each session

### Tips

Pin the timer with \`Shift + F\` to keep it visible across pages. Teams can share a focus status so colleagues know when not to interrupt.`,
    category: "PRODUCTIVITY",
    environment: "production",
    websiteUrl: "https://focustimer.example.com",
    screenshots: [
      { file: "screenshot-1.png", caption: "A focus session on the current task" },
      { file: "screenshot-2.png", caption: "Weekly focus time by project" },
    ],
    status: "APPROVED",
    featured: false,
    publishedDaysAgo: 300,
    installs: 240,
    reviews: [
      { author: "Ben Carter", rating: 5, title: "Simple and effective", body: "Exactly what I wanted and nothing more.", daysAgo: 15 },
      { author: "Mei Lin", rating: 5, title: "Love the weekly report", daysAgo: 150 },
    ],
  },
  {
    slug: "burndown-charts",
    name: "Burndown Charts",
    description:
      "Track sprint progress with live burndown and burnup charts built from your task estimates. Spot scope creep the day it happens.",
    longDescription: `## See where the sprint is heading

Burndown Charts draws a live chart for every sprint or milestone in Yapture. Remaining work is calculated from task estimates, and scope changes are annotated so you can explain the bumps in the line.

### Charts included

- Burndown and burnup, by points or by task count
- Velocity across your last six sprints
- Cumulative flow for spotting bottlenecks
- Export any chart as PNG or CSV

### Works with your process

Choose which columns count as done, exclude bug tasks if you like, and share a read-only link with stakeholders. Charts update within a minute of a change on the board.`,
    category: "ANALYTICS",
    environment: "production",
    websiteUrl: "https://burndown.example.com",
    screenshots: [
      { file: "screenshot-1.png", caption: "Sprint burndown with ideal line" },
      { file: "screenshot-2.png", caption: "Velocity across the last six sprints" },
      { file: "screenshot-3.png", caption: "Scope changes listed per day" },
    ],
    status: "APPROVED",
    featured: true,
    publishedDaysAgo: 330,
    installs: 198,
    reviews: [
      { author: "Jonas Berg", rating: 4, title: "Does what it says", daysAgo: 22 },
      {
        author: "Amara Nwosu",
        rating: 4,
        title: "Scope annotations are useful",
        body: "Finally I can show why the line went up on Wednesday.",
        daysAgo: 70,
      },
      { author: "Luis Herrera", rating: 3, body: "Good charts, but I would like more control over colours.", daysAgo: 140 },
      { author: "Emma Wilson", rating: 5, title: "Our retros got better", daysAgo: 250 },
    ],
  },
  {
    slug: "standup-bot",
    name: "Standup Bot",
    description:
      "Run asynchronous daily check-ins in Yapture and collect blockers from the whole team. Answers are posted as a single digest at the time you choose.",
    longDescription: `## Daily standup without the meeting

Standup Bot asks each team member three questions at a time that suits their time zone: what they finished, what they are working on, and what is blocking them. Answers are linked to the tasks they mention.

### Features

- Custom questions and schedules per team
- Blockers become flagged tasks assigned to the team lead
- A digest is posted to the project feed when everyone has answered
- Skip days automatically for weekends and public holidays

### Why async

Teams across time zones no longer need a call that is early for some and late for others. The standup history also makes a handy log for retrospectives.`,
    category: "COMMUNICATION",
    environment: "production",
    websiteUrl: "https://standupbot.example.com",
    screenshots: [
      { file: "screenshot-1.png", caption: "Daily check-in thread" },
      { file: "screenshot-2.png", caption: "Blockers collected from the team" },
    ],
    status: "APPROVED",
    featured: false,
    publishedDaysAgo: 280,
    installs: 176,
    reviews: [
      {
        author: "Isabel Cruz",
        rating: 3,
        title: "Good idea, rigid questions",
        body: "Custom questions exist but the wording of reminders cannot be changed.",
        daysAgo: 30,
      },
      { author: "Peter Novak", rating: 4, daysAgo: 88 },
      {
        author: "Fatima Zahra",
        rating: 2,
        title: "Reminders at odd hours",
        body: "It ignored my time zone setting for a week before a fix was released.",
        daysAgo: 200,
      },
    ],
  },
  {
    slug: "invoice-from-tasks",
    name: "Invoice from Tasks",
    description:
      "Turn completed, billable tasks into a polished invoice in a couple of clicks. Hours, rates and expenses are pulled straight from your projects.",
    longDescription: `## Bill for the work you already tracked

Invoice from Tasks collects completed tasks marked as billable, groups them by project and client, and drafts an invoice with your rates. Review the lines, add a note, and send it as a PDF.

### Features

- Hourly and fixed-price tasks on the same invoice
- Multiple currencies and tax rates per client
- Invoice numbers that follow your own pattern, like \`NW-2024-031\`
- Paid invoices mark their tasks as **Invoiced** so nothing is billed twice

### Integrations

Export to CSV for your accountant or push invoices to your bookkeeping tool. Learn more on the [product site](https://invoices.example.com).`,
    category: "FINANCE",
    environment: "production",
    websiteUrl: "https://invoices.example.com",
    screenshots: [
      { file: "screenshot-1.png", caption: "Invoice drafted from completed tasks" },
      { file: "screenshot-2.png", caption: "Pick billable tasks and hours" },
    ],
    status: "APPROVED",
    featured: true,
    publishedDaysAgo: 260,
    installs: 142,
    reviews: [
      {
        author: "Clara Jensen",
        rating: 5,
        title: "Freelancer's best friend",
        body: "I send invoices the same day I finish a project now.",
        daysAgo: 10,
      },
      { author: "Omar Haddad", rating: 4, daysAgo: 55 },
      {
        author: "Yuki Sato",
        rating: 4,
        title: "Needs more templates",
        body: "The default template is clean but I would like a second layout.",
        daysAgo: 120,
      },
      { author: "Robert Hughes", rating: 5, daysAgo: 230 },
    ],
  },
  {
    slug: "recurring-tasks-plus",
    name: "Recurring Tasks Plus",
    description:
      "Create tasks that repeat on flexible schedules, like the last weekday of every month. Each new copy keeps its checklist, assignee and attachments.",
    longDescription: `## Repeat anything, exactly when you need it

Recurring Tasks Plus extends Yapture's repeat options with schedules that match real life: the second Tuesday of each quarter, every weekday except holidays, or three days after the previous copy was completed.

### Features

- Calendar-style rules, plus a plain-language preview of the next ten dates
- Copy checklists, subtasks, labels and attachments to each new task
- Rotate the assignee through a list of people
- Pause a series without losing its history

### Example

A rule like \`every month on the last weekday\` creates payroll review tasks that always land on a working day.`,
    category: "PRODUCTIVITY",
    environment: "production",
    websiteUrl: "https://recurring.example.com",
    screenshots: [
      { file: "screenshot-1.png", caption: "Recurring schedule preview" },
      { file: "screenshot-2.png", caption: "Flexible repeat rules" },
    ],
    status: "APPROVED",
    featured: false,
    publishedDaysAgo: 240,
    installs: 128,
    reviews: [
      { author: "Ingrid Larsen", rating: 4, title: "Rotation is handy", daysAgo: 18 },
      {
        author: "Carlos Mendes",
        rating: 5,
        title: "Exactly the rules I needed",
        body: "Last weekday of the month was impossible before this.",
        daysAgo: 75,
      },
      { author: "Anna Kowalska", rating: 4, daysAgo: 180 },
    ],
  },
  {
    slug: "bulk-task-importer",
    name: "Bulk Task Importer",
    description:
      "Import hundreds of tasks from CSV or spreadsheet files with column mapping and a preview. Ideal for migrating a backlog from another tool.",
    longDescription: `## Bring your backlog with you

Bulk Task Importer reads CSV and spreadsheet files and creates tasks in the project you choose. Map each column to a Yapture field, preview the first rows, then import everything in one go.

### Features

- Map columns to title, description, assignee, due date, labels and custom fields
- Dates in most common formats are recognised automatically
- Rows with problems are listed with a clear reason and can be fixed and retried
- Imports can be undone for 24 hours

### Limits

Files up to 10,000 rows are supported. For larger migrations, split the file or use the API with \`POST /v1/tasks/batch\`.`,
    category: "UTILITIES",
    environment: "production",
    websiteUrl: "https://importer.example.com",
    screenshots: [
      { file: "screenshot-1.png", caption: "Map spreadsheet columns to task fields" },
      { file: "screenshot-2.png", caption: "Preview rows before import" },
    ],
    status: "APPROVED",
    featured: false,
    publishedDaysAgo: 230,
    installs: 128,
    reviews: [
      { author: "Victor Dubois", rating: 3, title: "Works, but slow", body: "A 5,000 row file took a long time to import.", daysAgo: 28 },
      {
        author: "Helen Park",
        rating: 2,
        title: "Date parsing issues",
        body: "Day and month were swapped for some of our rows.",
        daysAgo: 110,
      },
    ],
  },
  {
    slug: "timesheet-export",
    name: "Timesheet Export",
    description:
      "Export tracked time as weekly timesheets per person, project or client. Approvals and payroll-ready CSV files are included.",
    longDescription: `## Timesheets without the spreadsheet gymnastics

Timesheet Export gathers the time logged on tasks and turns it into tidy weekly timesheets. Managers approve them in one place and payroll gets a clean file.

### Features

- Group by person, project or client, with billable and internal totals
- Approval flow with comments and reminders for missing entries
- Export to CSV or PDF, or schedule a weekly email
- Lock approved weeks so totals cannot change afterwards

### Formats

Column layouts for the most common payroll systems are available, and you can save your own layout as a template.`,
    category: "BUSINESS",
    environment: "production",
    websiteUrl: "https://timesheets.example.com",
    screenshots: [
      { file: "screenshot-1.png", caption: "Hours per person and project" },
      { file: "screenshot-2.png", caption: "Billable versus internal time" },
    ],
    status: "APPROVED",
    featured: false,
    publishedDaysAgo: 210,
    installs: 97,
    reviews: [
      {
        author: "George Adams",
        rating: 4,
        title: "Payroll team is happy",
        body: "Approvals in one place saved us the Friday chase.",
        daysAgo: 60,
      },
    ],
  },
  {
    slug: "smart-priority",
    name: "Smart Priority",
    description:
      "Let a model suggest task priorities based on due dates, dependencies and past work. Every suggestion comes with a short explanation you can accept or ignore.",
    longDescription: `## A second opinion on what matters next

Smart Priority looks at due dates, blocking relationships, effort estimates and how similar tasks were handled in the past, then suggests a priority for each open task.

### How it works

- Suggestions appear as a subtle badge you can accept with one click
- Each suggestion explains itself, for example *"blocks 3 tasks due this week"*
- Nothing changes without your approval unless you enable auto-apply
- Learns from the suggestions you accept or reject

### Notes

The model runs on aggregated task metadata; task descriptions are only used when you opt in. Use the \`priority:locked\` label to keep a task out of suggestions.`,
    category: "AI_ML",
    environment: "production",
    websiteUrl: "https://smartpriority.example.dev",
    screenshots: [
      { file: "screenshot-1.png", caption: "Suggested priority with reasons" },
      { file: "screenshot-2.png", caption: "Priority distribution before and after" },
    ],
    status: "APPROVED",
    featured: false,
    publishedDaysAgo: 150,
    installs: 88,
    reviews: [
      {
        author: "Nadia Petrova",
        rating: 2,
        title: "Too many urgent suggestions",
        body: "Almost everything gets flagged as high priority in our workspace.",
        daysAgo: 14,
      },
      { author: "Ethan Brooks", rating: 3, daysAgo: 50 },
      { author: "Zanele Dlamini", rating: 1, title: "Not for us", body: "The explanations did not match how our team works.", daysAgo: 90 },
      {
        author: "Paolo Conti",
        rating: 3,
        title: "Promising",
        body: "Better after a few weeks of feedback, but still noisy.",
        daysAgo: 130,
      },
    ],
  },
  {
    slug: "gitlab-merge-tracker",
    name: "GitLab Merge Tracker",
    description:
      "Link GitLab merge requests and pipelines to Yapture tasks. See review state and pipeline results on the task card without switching tabs.",
    longDescription: `## Merge requests, right on the task

GitLab Merge Tracker watches the projects you connect and attaches merge requests to tasks whose key appears in the branch name or title.

### Features

- Review state, approvals and pipeline status shown on the task card
- Move a task to **In review** when a merge request is opened
- Works with GitLab.com and self-managed instances
- Branch name template such as \`feature/YAP-123-short-title\`

### Security

The app uses a project access token with read-only scopes. Tokens are encrypted at rest and can be rotated from the settings page at any time.`,
    category: "DEVELOPER_TOOLS",
    environment: "production",
    websiteUrl: "https://mergetracker.example.dev",
    screenshots: [
      { file: "screenshot-1.png", caption: "Merge requests linked to tasks" },
      { file: "screenshot-2.png", caption: "Pipeline status on the task card" },
    ],
    status: "APPROVED",
    featured: false,
    publishedDaysAgo: 190,
    installs: 74,
    reviews: [
      {
        author: "Maya Goldberg",
        rating: 5,
        title: "Works with self-managed",
        body: "Our on-premise instance connected without any trouble.",
        daysAgo: 25,
      },
      { author: "Henrik Olsen", rating: 4, daysAgo: 100 },
    ],
  },
  {
    slug: "crm-deal-pipeline",
    name: "CRM Deal Pipeline",
    description:
      "Manage sales deals as cards on a Yapture board and turn won deals into onboarding projects. Revenue forecasts update as deals move.",
    longDescription: `## A lightweight CRM inside Yapture

CRM Deal Pipeline adds a deal board with stages from lead to won. Each deal has a value, a contact and a close date, and moving a card updates the forecast.

### Features

- Custom stages and win probabilities
- Won deals create a project from the template you pick
- Monthly revenue charts and a simple forecast
- Import contacts from a CSV file

### Who it is for

Small teams that want to track a few dozen deals without adopting a separate CRM. When you outgrow it, export everything with one click.`,
    category: "BUSINESS",
    environment: "production",
    websiteUrl: "https://dealpipeline.example.com",
    screenshots: [
      { file: "screenshot-1.png", caption: "Deals as cards across pipeline stages" },
      { file: "screenshot-2.png", caption: "Won revenue by month" },
    ],
    status: "APPROVED",
    featured: false,
    publishedDaysAgo: 170,
    installs: 61,
    reviews: [
      { author: "Julia Santos", rating: 3, title: "Nice but basic", daysAgo: 35 },
      { author: "Kofi Asante", rating: 4, body: "Turning won deals into projects is a great touch.", daysAgo: 80 },
      { author: "Lucy Turner", rating: 4, title: "Good for a small team", daysAgo: 150 },
    ],
  },
  {
    slug: "expense-approvals",
    name: "Expense Approvals",
    description:
      "Submit expenses as tasks with receipts attached and route them to the right approver. Finance sees one queue with totals per project.",
    longDescription: `## Expenses that follow your workflow

Expense Approvals turns every expense claim into a task with the receipt attached, the amount and the project it belongs to. Approvers are chosen by rules you define.

### Features

- Rules by amount, project or category, with multi-step approval
- Receipts are read automatically to fill in the date and amount
- Approved expenses are added to project budgets
- Export approved claims for reimbursement

### Example rule

Claims over \`500 EUR\` need approval from the project owner and then from finance.`,
    category: "FINANCE",
    environment: "production",
    websiteUrl: "https://expenses.example.com",
    screenshots: [
      { file: "screenshot-1.png", caption: "Approval queue for finance" },
      { file: "screenshot-2.png", caption: "Receipt attached to an expense task" },
    ],
    status: "APPROVED",
    featured: false,
    publishedDaysAgo: 140,
    installs: 45,
    reviews: [
      { author: "Martin Keller", rating: 4, title: "Receipt reading is good", daysAgo: 21 },
      {
        author: "Aisha Bello",
        rating: 5,
        title: "Finance loves it",
        body: "Month-end closing is faster because everything is in one queue.",
        daysAgo: 67,
      },
    ],
  },
  {
    slug: "meeting-notes-to-tasks",
    name: "Meeting Notes to Tasks",
    description:
      "Paste meeting notes or a transcript and get a reviewed list of action items as tasks. Owners and due dates are suggested from the conversation.",
    longDescription: `## From notes to next steps

Meeting Notes to Tasks reads your notes or a transcript, finds the action items and proposes tasks with an owner and a due date. You review the list, adjust anything, and create them all at once.

### Features

- Detects action items, decisions and open questions
- Suggests owners by matching names to workspace members
- Links every task back to the sentence it came from
- Works great for a daily standup, a planning session or a client call

### Supported input

Plain text, Markdown and common transcript formats. Notes are processed for extraction only and are deleted after 30 days.`,
    category: "AI_ML",
    environment: "staging",
    websiteUrl: "https://notes2tasks.example.dev",
    screenshots: [
      { file: "screenshot-1.png", caption: "Notes with detected action items" },
      { file: "screenshot-2.png", caption: "Review tasks before creating them" },
    ],
    status: "APPROVED",
    featured: false,
    publishedDaysAgo: 60,
    installs: 33,
    reviews: [
      {
        author: "Daniel Cohen",
        rating: 5,
        title: "Magic for meeting-heavy weeks",
        body: "It caught action items I had already forgotten about.",
        daysAgo: 9,
      },
    ],
  },
  {
    slug: "onboarding-academy",
    name: "Onboarding Academy",
    description:
      "Turn onboarding checklists into short guided courses for new team members. Track progress per person and keep every lesson next to the work it describes.",
    longDescription: `## Help new people find their feet

Onboarding Academy lets you build courses out of lessons and checklists. Assign a course to a new team member and they work through it inside Yapture, with each lesson linking to real projects and tasks.

### Features

- Lessons with text, images, video links and quizzes
- Checklists that create real tasks, like *set up your laptop*
- Progress tracking per person and per team
- Course templates for engineering, sales and support roles

### For managers

See who is stuck, which lessons take longest and where people drop off. Courses can be shared across workspaces in the same organisation.`,
    category: "EDUCATION",
    environment: "staging",
    websiteUrl: "https://academy.example.com",
    screenshots: [
      { file: "screenshot-1.png", caption: "Lesson view with embedded checklist" },
      { file: "screenshot-2.png", caption: "Course completion by team" },
      { file: "screenshot-3.png", caption: "Assign a course to new hires" },
    ],
    status: "APPROVED",
    featured: false,
    publishedDaysAgo: 110,
    installs: 24,
    reviews: [
      { author: "Sara Lindqvist", rating: 4, title: "New hires like it", daysAgo: 16 },
      { author: "Tunde Bakare", rating: 5, body: "Quizzes help us check that the important parts landed.", daysAgo: 48 },
      { author: "Eva Horvat", rating: 5, title: "Templates are a great start", daysAgo: 85 },
    ],
  },
  {
    slug: "ci-status-badges",
    name: "CI Status Badges",
    description:
      "Show the latest build result from your CI server as a badge on linked tasks. Failed builds can reopen the task and notify the assignee.",
    longDescription: `## Know if it is green before you ask

CI Status Badges listens for build events from your CI server and shows the latest result on every task linked to the branch or commit.

### Features

- Badges for passing, failing and running builds
- Build logs attached to the task on failure
- Optional rule to reopen a task when its build fails after being marked done
- Pass rate per branch on the project dashboard

### Setup

Add a webhook in your CI settings pointing to the URL shown after install, then include the task key in your branch names. A sample config is in the [docs](https://ci-badges.example.dev/setup).`,
    category: "DEVELOPER_TOOLS",
    environment: "staging",
    websiteUrl: "https://ci-badges.example.dev",
    screenshots: [
      { file: "screenshot-1.png", caption: "Build output attached to a task" },
      { file: "screenshot-2.png", caption: "Pass rate per branch" },
    ],
    status: "APPROVED",
    featured: false,
    publishedDaysAgo: 45,
    installs: 18,
    reviews: [
      {
        author: "Felix Wagner",
        rating: 3,
        title: "Handy, a bit noisy",
        body: "Reopening tasks on failure is aggressive for flaky test suites.",
        daysAgo: 11,
      },
    ],
  },
  {
    slug: "field-day-weather",
    name: "Field Day Weather",
    description:
      "Attach a local forecast to tasks that happen outdoors. Get a warning when rain or wind is expected on the day of scheduled site work.",
    longDescription: `## Plan outdoor work with the forecast in view

Field Day Weather adds a forecast to any task with a location and a due date. Crews see the expected conditions on the task, and planners get a heads-up when the weather turns.

### Features

- Five-day forecast on tasks that have a location
- Warnings for rain, strong wind, heat and frost, with thresholds you set
- A weather column on the calendar and board views
- Suggests the next dry day when you reschedule

### Good for

Construction, landscaping, events and any team whose work depends on the sky. Forecast data refreshes every three hours.`,
    category: "OTHER",
    environment: "production",
    websiteUrl: "https://fieldweather.example.com",
    screenshots: [
      { file: "screenshot-1.png", caption: "Five-day forecast for site tasks" },
      { file: "screenshot-2.png", caption: "Weather flags on scheduled work" },
    ],
    status: "APPROVED",
    featured: false,
    publishedDaysAgo: 30,
    installs: 11,
    reviews: [],
  },
  {
    slug: "webhook-relay",
    name: "Webhook Relay",
    description:
      "Forward Yapture events to any HTTPS endpoint with signing, retries and a searchable delivery log. Handy for building your own automations.",
    longDescription: `## Your events, wherever you need them

Webhook Relay sends task, project and comment events to the endpoints you register. Each delivery is signed, retried with backoff on failure, and recorded in a log you can search and replay.

### Features

- Filter by event type and project
- HMAC signatures in the \`X-Yapture-Signature\` header
- Automatic retries for up to 24 hours
- Replay any delivery from the log while debugging

### Local development

Point the relay at a tunnel to your machine while you build, then switch to your production endpoint. A small verification example lives in the [guide](https://relay.example.dev/guide).`,
    category: "DEVELOPER_TOOLS",
    environment: "localhost",
    websiteUrl: "https://relay.example.dev",
    screenshots: [
      { file: "screenshot-1.png", caption: "Incoming event log" },
      { file: "screenshot-2.png", caption: "Signing secret and retry policy" },
    ],
    status: "APPROVED",
    featured: false,
    publishedDaysAgo: 7,
    installs: 5,
    reviews: [],
  },

  // ─────────────────────────── other statuses ───────────────────────────
  {
    slug: "kanban-swimlanes",
    name: "Kanban Swimlanes",
    description:
      "Split any board into horizontal swimlanes by assignee, label or priority. Collapse lanes to focus on the work that matters today.",
    longDescription: `## Boards with lanes

Kanban Swimlanes adds horizontal lanes to Yapture boards so you can see work grouped by person, label or priority while keeping the usual columns.

### Planned features

- Lanes by assignee, label, priority or custom field
- Work-in-progress limits per lane and per column
- Collapse and reorder lanes with drag and drop
- Saved lane layouts per board

### Status

This app is still in development. Feedback is welcome through the [project page](https://swimlanes.example.com).`,
    category: "PRODUCTIVITY",
    environment: "localhost",
    websiteUrl: "https://swimlanes.example.com",
    screenshots: [
      { file: "screenshot-1.png", caption: "Swimlanes by assignee" },
      { file: "screenshot-2.png", caption: "Lane rules and limits" },
    ],
    status: "DRAFT",
    featured: false,
    publishedDaysAgo: null,
    installs: 0,
    reviews: [],
  },
  {
    slug: "jira-importer",
    name: "Jira Importer",
    description:
      "Move projects, issues, comments and attachments from Jira into Yapture with a guided import. Users are matched by email address.",
    longDescription: `## Leave nothing behind

Jira Importer connects to a Jira site, lets you choose projects, and copies issues with their comments, attachments and history into Yapture.

### Features

- Guided mapping of issue types, statuses and custom fields
- Users matched by email, with a fallback owner for everyone else
- Incremental re-runs pick up issues changed since the last import
- A detailed report of everything that was created

### Requirements

An API token for a Jira user who can read the projects you want to import. Large sites are imported in batches of \`500\` issues.`,
    category: "UTILITIES",
    environment: "production",
    websiteUrl: "https://jira-import.example.com",
    screenshots: [
      { file: "screenshot-1.png", caption: "Connect a Jira site" },
      { file: "screenshot-2.png", caption: "Import progress by project" },
    ],
    status: "PENDING",
    featured: false,
    publishedDaysAgo: null,
    installs: 0,
    reviews: [],
  },
  {
    slug: "auto-assign-genie",
    name: "Auto Assign Genie",
    description:
      "Automatically assign new tasks to the teammate with the right skills and the lightest workload. Explains every choice in a comment.",
    longDescription: `## Fair, automatic task assignment

Auto Assign Genie looks at skills, current workload and availability, then assigns new tasks to the best person. Every assignment is explained in a short comment.

### Features

- Skill profiles built from past work
- Workload balancing across a team
- Respects out-of-office calendars
- Manual override with one click

### Permissions

The app requests workspace-wide access in order to read calendars and workloads across all projects.`,
    category: "AI_ML",
    environment: "production",
    websiteUrl: "https://assigngenie.example.dev",
    screenshots: [
      { file: "screenshot-1.png", caption: "Suggested assignees for new tasks" },
      { file: "screenshot-2.png", caption: "Why this person was chosen" },
    ],
    status: "REJECTED",
    featured: false,
    publishedDaysAgo: null,
    installs: 0,
    reviews: [],
    rejection: {
      reasons: [
        {
          criterion: "SECURITY",
          message:
            "The app requests the workspace admin scope, but its features only need read access to tasks and calendars. Please request the narrowest scopes that work.",
        },
        {
          criterion: "USER_EXPERIENCE",
          message:
            "Assignments happen immediately with no way to preview or undo them from the task, which surprised our reviewers. Please add a preview or an undo action.",
        },
      ],
      message:
        "Thanks for submitting Auto Assign Genie. The idea is great, but we cannot approve it in its current form. Please address the two points below and resubmit; we are happy to review again.",
    },
  },
  {
    slug: "trello-board-mirror",
    name: "Trello Board Mirror",
    description:
      "Mirror Trello boards into Yapture projects and keep cards and tasks in sync during a migration. Lists map to columns and labels carry over.",
    longDescription: `## A gentle migration from Trello

Trello Board Mirror copies boards into Yapture projects and keeps them in sync while your team moves over. Once everyone has switched, stop the mirror and keep the project.

### Features

- Lists become board columns, cards become tasks
- Labels, checklists, due dates and attachments carry over
- Two-way sync for as long as the mirror is running
- A one-click cut-over when the migration is complete

### Note

The developer has temporarily unpublished this app while they update it for a change in the Trello API. Existing installs keep working.`,
    category: "UTILITIES",
    environment: "production",
    websiteUrl: "https://boardmirror.example.com",
    screenshots: [
      { file: "screenshot-1.png", caption: "Mirrored Trello lists" },
      { file: "screenshot-2.png", caption: "Sync options" },
    ],
    status: "UNPUBLISHED",
    featured: false,
    publishedDaysAgo: 320,
    installs: 37,
    reviews: [],
  },
];
