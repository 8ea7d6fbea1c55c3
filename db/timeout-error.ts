/** The error code of a database wait cut short by the client (db/deadlines.ts); lib/http/problem.ts answers it 503. */
export const DATABASE_TIMEOUT = "DATABASE_TIMEOUT";

export function timeoutError(message: string): Error {
  return Object.assign(new Error(message), { code: DATABASE_TIMEOUT });
}
