import type { z } from "zod";

/**
 * What an endpoint's request schema accepts, as the body a component sends: forms type their
 * bodies by the same schema the route handler parses (import the schema with `import type`, so
 * the browser loads no zod for it).
 */
export type BodyOf<S extends z.ZodType> = z.input<S>;
