import type { QueueStandingResource } from "@/lib/approval-queue/schemas";

const ORDINAL_SUFFIX: Record<Intl.LDMLPluralRule, string> = { one: "st", two: "nd", few: "rd", other: "th", zero: "th", many: "th" };
const ordinals = new Intl.PluralRules("en", { type: "ordinal" });

/** 1st, 2nd, 3rd, 4th, 11th, 22nd… */
export const ordinal = (n: number) => `${n}${ORDINAL_SUFFIX[ordinals.select(n)]}`;

/** A measured duration in the words of the status box: minutes under an hour, hours under three days, then days. */
export function duration(seconds: number): string {
  if (seconds < 3600) return `${Math.max(1, Math.ceil(seconds / 60))} min`;
  const hours = Math.round(seconds / 3600);
  return hours < 72 ? `${hours} h` : `${Math.round(hours / 24)} days`;
}

const when = (iso: string) => new Date(iso).toISOString().slice(0, 16).replace("T", " ") + " UTC";

/** "3rd of 9 waiting · usually decided within 19 h (9 in 10 within 41 h)" */
export function standingSummary({ position, queueLength, decisionTimes }: QueueStandingResource): string {
  const place = `${ordinal(position)} of ${queueLength} waiting`;
  const { medianSeconds, p90Seconds } = decisionTimes;
  if (medianSeconds === null || p90Seconds === null) return `${place} · no decisions in the last 30 days to measure a usual time`;
  return `${place} · usually decided within ${duration(medianSeconds)} (9 in 10 within ${duration(p90Seconds)})`;
}

/** Where the developer's item stands in its review queue: the figures of GET …/queue, in words. */
export function QueueStanding({ standing }: { standing: QueueStandingResource }) {
  return (
    <div className="space-y-1" data-testid="queue-standing">
      <p className="font-medium text-slate-900">{standingSummary(standing)}</p>
      <ul className="space-y-0.5 text-slate-600">
        {standing.expectedBy ? <li>Expect a decision by {when(standing.expectedBy)}.</li> : null}
        <li>
          {standing.pickedUp ? `An administrator picked it up at ${when(standing.pickedUpAt!)}.` : "Not picked up by an administrator yet."}
        </li>
        <li>Last activity {when(standing.lastActivityAt)}.</li>
      </ul>
    </div>
  );
}
