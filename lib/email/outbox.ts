import type { Executor } from "@/db/client";
import { emailOutbox } from "@/db/schema";

import { renderEmail, type EmailInput } from "./templates";

export type EnqueueEmailOptions = EmailInput & {
  /** The transaction of the state change: the email exists if and only if that change commits. */
  tx: Executor;
  to: string;
};

/** Renders the email now (so later template changes never alter it) and queues it as PENDING. Returns the outbox id. */
export async function enqueueEmail(options: EnqueueEmailOptions): Promise<string> {
  const { tx, to, ...input } = options;
  const rendered = renderEmail(input);
  const [row] = await tx
    .insert(emailOutbox)
    .values({ type: input.type, to: to.trim(), ...rendered })
    .returning({ id: emailOutbox.id });
  return row!.id;
}
