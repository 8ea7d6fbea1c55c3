// Runs once before all test files (in the main vitest process).
export default async function globalSetup(): Promise<() => Promise<void>> {
  process.env.LOG_LEVEL ??= "error";
  return async () => {};
}
