/**
 * Next.js calls register() once when the server starts. On the Node.js runtime it installs Fawn's SIGTERM and
 * SIGINT handling (lib/lifecycle/shutdown), so a stopped server cancels its runs, kills their commands, releases
 * the thread locks and closes the MCP connections before Next closes and exits. It also checks FAWN_PUBLIC_URL.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { installSignalHandlers } = await import("@/lib/lifecycle/shutdown");
  installSignalHandlers();
  await reportPublicUrl();
}

/** Say at start which public origin is used, or that FAWN_PUBLIC_URL is malformed (then every request is a 500). */
async function reportPublicUrl(): Promise<void> {
  const { publicOriginFromEnv } = await import("@/lib/server/public-url");
  const { log } = await import("@/lib/log/logger");
  try {
    const origin = publicOriginFromEnv();
    if (origin) log("info", "server.public_url", { origin });
  } catch (e) {
    log("error", "server.public_url_invalid", {
      error: (e as Error).message,
      effect: "every request answers 500 naming FAWN_PUBLIC_URL until it is fixed",
    });
  }
}
