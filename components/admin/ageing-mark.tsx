/** Hours past which a waiting item is marked (the figures' `over24h`, `over48h`). */
const MARKS = [48, 24] as const;

/** "Waiting over 48 h" / "over 24 h" beside an item of a queue; nothing for a younger one. */
export function AgeingMark({ waitingSince, now }: { waitingSince: string | null; now: Date }) {
  if (!waitingSince) return null;
  const hours = (now.getTime() - new Date(waitingSince).getTime()) / 3_600_000;
  const mark = MARKS.find((limit) => hours > limit);
  if (!mark) return null;
  const tone = mark === 48 ? "bg-red-100 text-red-800" : "bg-amber-100 text-amber-900";
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${tone}`} data-testid="ageing-mark">
      Waiting over {mark} h
    </span>
  );
}
