import { eq } from "drizzle-orm";

import { getDb } from "@/db/client";
import { apps } from "@/db/schema";
import type { AppStatus } from "@/lib/domain/enums";

/** A valid create body whose images are served (with the right sizes) from `origin`. */
export function validAppBody(origin: string, overrides: Record<string, unknown> = {}) {
  return {
    name: "Focus Timer",
    description: "Pomodoro sessions for your Yapture tasks. Track focus time per task.",
    longDescription: "## Focus\n\nStart a timer from any task.",
    category: "PRODUCTIVITY",
    environment: "production",
    logoUrl: `${origin}/png/512x512.png`,
    bannerUrl: `${origin}/png/1200x600.png`,
    websiteUrl: "https://focus.example.com",
    screenshots: [
      { url: `${origin}/png/1280x720.png`, caption: "Timer" },
      { url: `${origin}/jpg/1920x1080.jpg`, caption: "Stats" },
    ],
    ...overrides,
  };
}

/** Moves an app to any state directly, standing in for the administrator's actions. */
export async function setAppStatus(appId: string, status: AppStatus, extra: Partial<typeof apps.$inferInsert> = {}) {
  const db = await getDb();
  const [app] = await db
    .update(apps)
    .set({ status, ...(status === "APPROVED" ? { publishedAt: new Date() } : {}), ...extra })
    .where(eq(apps.id, appId))
    .returning();
  return app!;
}
