// npm run db:migrate — apply committed migrations, whatever MIGRATE_ON_START says (servers migrate on
// start-up unless it is false). Concurrent runs take turns on an advisory lock (db/client.ts).
import { connect, disconnect } from "@/db/client";

const connection = await connect({ migrate: true });
console.log(`migrations applied (${connection.kind})`);
await disconnect();
