// npm run openapi:export [file] — write the OpenAPI document (generated from the zod schemas) to a file.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

import { openApiDocument } from "@/lib/openapi/document";

const target = process.argv[2] ?? ".data/openapi.json";
await mkdir(path.dirname(target), { recursive: true });
await writeFile(target, `${JSON.stringify(openApiDocument(process.env.APP_URL ?? "http://localhost:3000"), null, 2)}\n`);
console.log(`wrote ${target}`);
