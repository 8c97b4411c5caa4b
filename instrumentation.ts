/**
 * Next.js calls register() once when the server starts. On the Node.js runtime it installs Fawn's SIGTERM and
 * SIGINT handling (lib/lifecycle/shutdown), so a stopped server cancels its runs, kills their commands, releases
 * the thread locks and closes the MCP connections before Next closes and exits.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { installSignalHandlers } = await import("@/lib/lifecycle/shutdown");
  installSignalHandlers();
}
