import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { SANDBOX_LIMIT_DEFAULTS } from "@/lib/config/app-config";
import { bash_tool, ls_tool, read_file_tool, str_replace_tool, write_file_tool } from "@/lib/sandbox";
import type { BashMode } from "@/lib/sandbox/settings";
import { type SavedUpload, UploadBatch } from "@/lib/sandbox/uploads";
import type { ToolContext } from "@/lib/tools/context";

export interface SandboxTools {
  ls: StructuredToolInterface;
  read_file: StructuredToolInterface;
  write_file: StructuredToolInterface;
  str_replace: StructuredToolInterface;
  bash: StructuredToolInterface;
}

/** The sandbox tools built with this context, as the runtime builds them from config.yaml entries. */
export function sandboxTools(toolContext: ToolContext, bashEntry: Record<string, unknown> = {}): SandboxTools {
  return {
    ls: ls_tool({}, toolContext),
    read_file: read_file_tool({}, toolContext),
    write_file: write_file_tool({}, toolContext),
    str_replace: str_replace_tool({}, toolContext),
    bash: bash_tool(bashEntry, toolContext),
  };
}

/**
 * A temp folder holding the sandbox root, with the tool context the runtime would build for it and the
 * sandbox tools built with that context (as the runtime builds them). Returns the folder, the context,
 * the tools and a cleanup.
 */
export async function useTempSandbox(opts: { bash?: BashMode; bashTimeoutS?: number } = {}): Promise<{
  base: string;
  root: string;
  toolContext: ToolContext;
  tools: SandboxTools;
  threadDir: (threadId: string) => string;
  cleanup: () => Promise<void>;
}> {
  const base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "fawn-sandbox-")));
  const root = path.join(base, "sandbox");
  const toolContext: ToolContext = {
    sandbox: { root, mode: opts.bash ?? "off", network: false, limits: SANDBOX_LIMIT_DEFAULTS },
  };
  const tools = sandboxTools(toolContext, opts.bashTimeoutS === undefined ? {} : { timeout_s: opts.bashTimeoutS });
  return {
    base,
    root,
    toolContext,
    tools,
    threadDir: (threadId) => path.join(root, "threads", threadId),
    cleanup: () => fs.rm(base, { recursive: true, force: true }),
  };
}

/** The RunnableConfig a tool receives inside a run of this thread. */
export function threadConfig(threadId: string): { configurable: { thread_id: string } } {
  return { configurable: { thread_id: threadId } };
}

/** Upload one file as the upload route does (a batch of one: staged, then committed, or discarded on failure). */
export async function uploadOne(
  root: string,
  threadId: string,
  filename: string,
  data: Uint8Array,
  maxBytes?: number,
): Promise<SavedUpload> {
  const batch = await UploadBatch.open(root, threadId);
  try {
    await batch.stage(filename, data, maxBytes);
    const [saved] = await batch.commit();
    return saved;
  } catch (e) {
    await batch.discard();
    throw e;
  }
}
