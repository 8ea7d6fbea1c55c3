// npm run db:seed — load the demo data set (skipped when it is already there).
// With the embedded database, stop `npm run dev` first: PGlite allows one process at a time.
import { disconnect } from "@/db/client";
import { seedDemoData } from "@/db/seed";

const result = await seedDemoData();
console.log(result.seeded ? `seeded ${result.apps} demo apps` : "demo data already present; nothing to do");
await disconnect();
