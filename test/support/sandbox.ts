import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { SANDBOX_LIMIT_DEFAULTS } from "@/lib/config/app-config";
import type { BashMode } from "@/lib/sandbox/settings";
import { installToolContext, type ToolContext } from "@/lib/tools/context";

/**
 * A temp folder holding the sandbox root, installed as the tool context the sandbox reads (as the agent
 * runtime installs its own). Returns the folder, the context and a cleanup.
 */
export async function useTempSandbox(opts: { bash?: BashMode; bashTimeoutS?: number } = {}): Promise<{
  base: string;
  root: string;
  toolContext: ToolContext;
  threadDir: (threadId: string) => string;
  cleanup: () => Promise<void>;
}> {
  const base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "fawn-sandbox-")));
  const root = path.join(base, "sandbox");
  const toolContext: ToolContext = {
    sandbox: { root, mode: opts.bash ?? "off", network: false, limits: SANDBOX_LIMIT_DEFAULTS },
    settingsOf: (name) => (name === "bash" && opts.bashTimeoutS !== undefined ? { timeout_s: opts.bashTimeoutS } : {}),
  };
  installToolContext(toolContext);
  return {
    base,
    root,
    toolContext,
    threadDir: (threadId) => path.join(root, "threads", threadId),
    cleanup: () => fs.rm(base, { recursive: true, force: true }),
  };
}

/** The RunnableConfig a tool receives inside a run of this thread. */
export function threadConfig(threadId: string): { configurable: { thread_id: string } } {
  return { configurable: { thread_id: threadId } };
}
