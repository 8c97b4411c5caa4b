/**
 * GET /api/files/{threadId}: the thread's presented artifacts, outputs and uploads. Confinement is the
 * sandbox's (lib/sandbox/paths); nothing here creates a folder for an id it is asked about.
 */
import fs from "node:fs/promises";
import path from "node:path";
import type { FileEntry, FilesListing } from "@/lib/contracts/files";
import { listOutputs, listServable, mimeOf } from "@/lib/sandbox/files";
import { LIMITS } from "@/lib/sandbox/limits";
import { SandboxPathError, resolveInThread } from "@/lib/sandbox/paths";

/** The part of the agent runtime the files routes need: the thread's checkpointed state and the sandbox root. */
export interface StateReader {
  graph: { getState(config: { configurable: { thread_id: string } }): Promise<{ values?: unknown }> };
  toolContext: { sandbox: { root: string } };
}

const MAX_LISTED = LIMITS.outputEntries;

/** Whether the thread has a sandbox folder yet; a GET must not create one for any id it is asked about. */
export async function threadDirExists(sandboxRoot: string, threadId: string): Promise<boolean> {
  const dir = path.join(sandboxRoot, "threads", threadId);
  return fs.stat(dir).then(
    (s) => s.isDirectory(),
    () => false,
  );
}

export function nameOf(virtualPath: string): string {
  return virtualPath.slice(virtualPath.lastIndexOf("/") + 1);
}

/** The thread's uploads as the outputs are listed (listServable: no symlinks, hard links or invisible names). */
async function listUploads(root: string, threadId: string): Promise<FileEntry[]> {
  return (await listServable(root, threadId, "uploads")).map((f) => ({ ...f, name: nameOf(f.path) }));
}

/** The presented paths from a state snapshot's values; anything malformed is ignored. */
export function artifactPathsOf(values: unknown): string[] {
  const a = (values as { artifacts?: unknown } | null | undefined)?.artifacts;
  return Array.isArray(a) ? a.filter((p): p is string => typeof p === "string") : [];
}

/** Stat one presented file; null when it is gone, is not a file, or no longer resolves inside the thread. */
async function presentedEntry(root: string, threadId: string, virtualPath: string): Promise<FileEntry | null> {
  try {
    const target = await resolveInThread(root, threadId, virtualPath);
    if (!target.exists) return null;
    const st = await fs.lstat(target.host);
    if (!st.isFile()) return null;
    return {
      path: target.virtual,
      name: nameOf(target.virtual),
      size: st.size,
      mime: mimeOf(target.virtual),
      modified: st.mtime.toISOString(),
    };
  } catch (e) {
    if (e instanceof SandboxPathError) return null;
    throw e;
  }
}

/** GET /api/files/{threadId}, for a thread id already checked against the contract. */
export async function listThreadFiles(runtime: StateReader, threadId: string): Promise<FilesListing> {
  const { root } = runtime.toolContext.sandbox;
  if (!(await threadDirExists(root, threadId))) return { artifacts: [], outputs: [], uploads: [] };
  const state = await runtime.graph.getState({ configurable: { thread_id: threadId } });
  const presented = [...new Set(artifactPathsOf(state.values))].slice(0, MAX_LISTED);
  const artifacts = (await Promise.all(presented.map((p) => presentedEntry(root, threadId, p)))).filter(
    (e): e is FileEntry => e !== null,
  );
  const outputs = (await listOutputs(root, threadId)).map((o) => ({ ...o, name: nameOf(o.path) }));
  return { artifacts: dedupeByPath(artifacts), outputs, uploads: await listUploads(root, threadId) };
}

/** Two presented paths can name one file (e.g. through a symlink inside the thread). */
function dedupeByPath(entries: FileEntry[]): FileEntry[] {
  const seen = new Set<string>();
  return entries.filter((e) => !seen.has(e.path) && seen.add(e.path));
}
