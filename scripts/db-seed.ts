// npm run db:seed — load the demo data set (skipped when it is already there).
// With the embedded database, stop `npm run dev` first: PGlite allows one process at a time.
import { disconnect } from "@/db/client";
import { seedDemoData } from "@/db/seed";
import { seedOriginProblem } from "@/db/seed-origin";
import { hostDemoImages } from "@/lib/assets/hosted/demo-images";
import { env } from "@/lib/core/env";

const problem = seedOriginProblem({ appUrl: env().APP_URL, databaseUrl: env().DATABASE_URL });
if (problem) {
  console.error(`error: ${problem}`);
  process.exit(1);
}
const result = await seedDemoData();
if (result.seeded) {
  const images = await hostDemoImages();
  console.log(`seeded ${result.apps} demo apps; hosted the images of ${images.copied} (${images.failed} failed)`);
} else console.log("demo data already present; nothing to do");
await disconnect();
