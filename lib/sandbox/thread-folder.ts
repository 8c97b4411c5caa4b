import fs from "node:fs/promises";
import path from "node:path";
import { assertThreadId } from "./paths";
import { stopProcessesOf } from "./run-process";

/**
 * Delete a thread's folder when the thread is deleted, so a new thread given the same id starts empty. The
 * commands still working in it are killed first (and waited for), then the folder goes; a symlink in its place
 * is removed itself, never followed. Returns whether there was a folder.
 */
export async function removeThreadFolder(root: string, threadId: string): Promise<boolean> {
  assertThreadId(threadId);
  let realRoot: string;
  try {
    realRoot = await fs.realpath(root);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw e;
  }
  const threads = path.join(realRoot, "threads");
  const st = await fs.lstat(threads).catch(() => null);
  if (st === null) return false;
  if (st.isSymbolicLink() || !st.isDirectory())
    throw new Error(`sandbox folder ${threads} must be a real directory, not a symlink or file`);
  const dir = path.join(threads, threadId);
  // The owner bash records for a thread's commands is this same real path (ensureThreadDir's).
  await stopProcessesOf(dir);
  const existed = (await fs.lstat(dir).catch(() => null)) !== null;
  await fs.rm(dir, { recursive: true, force: true });
  return existed;
}
