import type { QueueStatisticsResource } from "@/lib/approval-queue/schemas";

const QUEUE_LABELS: Record<QueueStatisticsResource["queue"], string> = {
  listing: "New listings",
  update: "Updates",
  profile_change: "Profile changes",
};

const hours = (seconds: number | null) => (seconds === null ? "—" : `${Math.round(seconds / 360) / 10} h`);

/** The review queues' figures (GET /api/admin/queue-stats) as a table: what waits, how old, how fast decisions come. */
export function QueueStatistics({ statistics }: { statistics: QueueStatisticsResource[] }) {
  return (
    <section aria-labelledby="queue-statistics-heading" className="space-y-3">
      <h2 id="queue-statistics-heading" className="text-lg font-semibold">
        Review queues
      </h2>
      <div
        className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
        tabIndex={0}
        role="region"
        aria-label="Review queue figures"
      >
        <table className="w-full text-sm" data-testid="queue-statistics">
          <thead className="bg-slate-50 text-left text-slate-600">
            <tr>
              <th className="p-3">Queue</th>
              <th className="p-3">Waiting</th>
              <th className="p-3">Over 24 h</th>
              <th className="p-3">Over 48 h</th>
              <th className="p-3">Oldest since</th>
              <th className="p-3">Median age</th>
              <th className="p-3">90% age</th>
              <th className="p-3">Decisions (30 days)</th>
              <th className="p-3">Median / 90% to decide</th>
            </tr>
          </thead>
          <tbody>
            {statistics.map((queue) => (
              <tr key={queue.queue} className="border-t border-slate-100">
                <th scope="row" className="p-3 text-left font-medium">
                  {QUEUE_LABELS[queue.queue]}
                </th>
                <td className="p-3">{queue.waiting}</td>
                <td className="p-3">{queue.over24h}</td>
                <td className="p-3">{queue.over48h}</td>
                <td className="p-3">{queue.oldestWaitingSince ? `${queue.oldestWaitingSince.slice(0, 16).replace("T", " ")} UTC` : "—"}</td>
                <td className="p-3">{hours(queue.ageMedianSeconds)}</td>
                <td className="p-3">{hours(queue.ageP90Seconds)}</td>
                <td className="p-3">{queue.decisionsByDay.reduce((sum, day) => sum + day.count, 0)}</td>
                <td className="p-3">
                  {hours(queue.decisionTimes.medianSeconds)} / {hours(queue.decisionTimes.p90Seconds)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
