// Next.js calls register() once when a server process starts (never during `next build`).
export async function register(): Promise<void> {
  // Read directly (not through lib/core/env) so the bundler can drop the Node-only branch from the edge build.
  // eslint-disable-next-line no-restricted-syntax
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startServerProcess } = await import("@/lib/server/startup");
    await startServerProcess();
  }
}
