// npm run db:migrate — apply committed migrations (the server also does this on start-up).
import { connect, disconnect } from "@/db/client";

const connection = await connect();
console.log(`migrations applied (${connection.kind})`);
await disconnect();
