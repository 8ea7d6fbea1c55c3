// The words the benchmark's catalogue is written with, and searched with. Earlier words in each
// list are picked more often (the seed skews its picks), so the first nouns are "common" words that
// match a large share of the catalogue and the last ones are rare.

const words = (text: string): string[] => text.split(" ");

export const NOUNS = words(
  "task project report sync calendar invoice board team time sprint budget note file message ticket lead contact " +
    "deal meeting goal roadmap release issue form survey chart dashboard metric alert backup expense receipt " +
    "payroll shift schedule booking reminder checklist template workflow approval document contract signature " +
    "proposal quote order inventory shipment customer feedback review rating comment mention digest summary export " +
    "import archive timesheet estimate milestone deadline dependency label tag filter search index email inbox " +
    "thread channel call video recording transcript translation glossary wiki handbook policy audit compliance risk " +
    "incident outage deployment build commit branch repository pipeline test coverage bug feature story epic lesson " +
    "course quiz grade student classroom curriculum certificate badge leaderboard forecast revenue margin cashflow " +
    "ledger tax subscription refund payment wallet prompt model embedding classifier anomaly trend cohort funnel " +
    "segment experiment kanban gantt okr retrospective standup backlog velocity burndown capacity workload",
);

export const VERBS = words(
  "track sync plan share send create export import review approve schedule assign automate summarize notify " +
    "publish archive merge split forecast measure compare monitor collect organize prioritize translate transcribe " +
    "sign bill estimate visualize highlight label route escalate backup restore migrate audit",
);

export const ADJECTIVES = words(
  "smart quick simple daily weekly shared live instant automatic secure visual bulk mobile remote hybrid focused " +
    "modern friendly unified flexible private public lean agile compact precise clear bright calm bold",
);

export const TOOLS = words(
  "Slack GitHub GitLab Jira Salesforce HubSpot Zendesk Stripe Xero QuickBooks Google Outlook Teams Zoom Dropbox " +
    "Notion Figma Trello Asana Airtable Twilio Mailchimp Shopify Intercom Sentry Datadog PagerDuty Confluence " +
    "Bitbucket Linear",
);

export const AUDIENCES = words(
  "engineering marketing sales support finance operations design legal product people recruiting education " +
    "research security data leadership agency startup freelancer nonprofit",
);

/** Words that appear in about 0.2% of the apps each: the "rare" searches. */
export const RARE_WORDS = words("zeppelin quokka origami saffron tundra nebula obsidian marmalade juniper walrus");

/** Every word the catalogue is written with: what the uncached scenario searches for. */
export const SEARCH_VOCABULARY = [
  ...new Set([...NOUNS, ...VERBS, ...ADJECTIVES, ...TOOLS.map((tool) => tool.toLowerCase()), ...AUDIENCES, ...RARE_WORDS]),
];

/** Common English words a listing's prose is made of; most are stop words that the search drops. */
const FILLER = words(
  "the a and to of for with your in on that is it you can from by as this all every each more less new " +
    "your team teams work works working people time any one two first last next other same own our their " +
    "without into over after before while when where so how what which also just only even still then than " +
    "easy fast better best free open clean quiet real full ready right safe sure whole " +
    "keep make see find get give take use help start stop add move set show turn run bring hold need want",
);

/**
 * Made-up words, as many as a real catalogue's long tail: every one a distinct stem, generated the
 * same way on every run (a fixed recurrence, no randomness).
 */
function inventedWords(count: number): string[] {
  const onsets = ["b", "c", "d", "f", "g", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z", "br", "cr", "pl", "st", "tr"];
  const vowels = ["a", "e", "i", "o", "u", "ai", "ou"];
  const codas = ["", "n", "r", "l", "m", "x", "nd", "st"];
  const found = new Set<string>();
  let state = 42;
  // A 32-bit linear congruential generator: the same words on every run and machine.
  const next = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0);
  while (found.size < count) {
    let word = "";
    for (let syllables = 2 + (next() % 3); syllables > 0; syllables--)
      word += onsets[next() % onsets.length]! + vowels[next() % vowels.length]!;
    found.add(word + codas[next() % codas.length]!);
  }
  return [...found];
}

/**
 * The words of the listings' prose (long descriptions), most frequent first: picked by the seed with
 * Zipf's law (the word of rank r with probability ∝ 1/r), as words occur in real text. ~5,000 words:
 * English fillers, the product vocabulary, then invented words for the long tail.
 */
export const PROSE_WORDS = [
  ...new Set([
    ...FILLER,
    ...NOUNS,
    ...VERBS,
    ...ADJECTIVES,
    ...TOOLS.map((tool) => tool.toLowerCase()),
    ...AUDIENCES,
    ...inventedWords(4_500),
  ]),
];
