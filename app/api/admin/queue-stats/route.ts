import { WORKBENCH } from "@/lib/approval-queue/operations";
import { queueStatistics } from "@/lib/approval-queue/statistics";
import { queueStatisticsView } from "@/lib/approval-queue/views";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";

// GET /api/admin/queue-stats — the review queues' figures (the dashboard's).
export const { GET } = handle(WORKBENCH.statistics, async () => json({ data: (await queueStatistics()).map(queueStatisticsView) }));

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
