import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { isRunning, processIdentity } from "@/lib/persistence/process-identity";
import { mimeOf, sanitizeFileName } from "./files";
import { LIMITS, formatBytes, openForWrite, overLimit } from "./limits";
import { assertThreadId, ensureThreadDir, hostToVirtual } from "./paths";

/**
 * Uploads are written to a temp file while they stream in, with the size limit counted as bytes arrive, and
 * only a complete file is given its name in the thread's uploads/ (a hard link made under a free name, so an
 * existing file is never overwritten). The temp files live beside the threads, in `<root>/.uploads-partial/`:
 * on the same file system, outside every thread folder (no listing, file tool or sandboxed command sees them).
 * Their names record the process writing them, so a later upload removes those a killed process left behind.
 */
export const PARTIAL_DIR = ".uploads-partial";

export class UploadTooLargeError extends Error {
  constructor(
    readonly filename: string,
    readonly limit: number,
    size?: number,
  ) {
    super(
      size === undefined
        ? `upload ${JSON.stringify(filename)} is over the ${formatBytes(limit)} limit`
        : `upload ${JSON.stringify(filename)} is ${overLimit(size, limit)}`,
    );
    this.name = "UploadTooLargeError";
  }
}

export interface SavedUpload {
  /** Virtual path the agent uses, e.g. /mnt/user-data/uploads/data.csv. */
  path: string;
  /** The sanitised name actually used (a suffix is added when the name is taken). */
  filename: string;
  size: number;
  mime: string;
}

const self = processIdentity();
const TEMP_NAME = /^(\d+)\.(\d+|x)\.[0-9a-f-]{36}\.part$/;

function tempName(): string {
  return `${self.pid}.${self.started ?? "x"}.${randomUUID()}.part`;
}

/** The partial-uploads folder, created if needed; it must be a real directory (a symlink would move the writes). */
async function partialDir(root: string): Promise<string> {
  await fs.mkdir(path.join(root, PARTIAL_DIR), { recursive: true, mode: 0o700 });
  const dir = path.join(await fs.realpath(root), PARTIAL_DIR);
  const st = await fs.lstat(dir);
  if (st.isSymbolicLink() || !st.isDirectory())
    throw new Error(`${dir} must be a real directory, not a symlink or file`);
  return dir;
}

/**
 * Remove temp files whose writer no longer runs (killed mid-upload), and any that are not ours by name.
 * Returns how many were removed. Uploads of live processes, this one included, are left alone.
 */
export async function sweepPartialUploads(root: string): Promise<number> {
  return sweepIn(await partialDir(root));
}

/** sweepPartialUploads on the partial-uploads folder already resolved by partialDir. */
async function sweepIn(dir: string): Promise<number> {
  let removed = 0;
  for (const name of await fs.readdir(dir)) {
    const m = TEMP_NAME.exec(name);
    const alive =
      m !== null && isRunning({ pid: Number(m[1]), started: m[2] === "x" ? null : m[2], bootId: null }).running;
    if (alive) continue;
    await fs.rm(path.join(dir, name), { force: true, recursive: true });
    removed++;
  }
  return removed;
}

interface Staged {
  temp: string;
  filename: string;
  size: number;
}

/** Give a complete temp file a free name in `uploadsDir` (name, name-1, name-2, …) without overwriting anything. */
async function linkUnderFreeName(temp: string, uploadsDir: string, filename: string): Promise<string> {
  const clean = sanitizeFileName(filename);
  const ext = path.extname(clean);
  const stem = clean.slice(0, clean.length - ext.length);
  for (let i = 0; i < 1000; i++) {
    const name = i === 0 ? clean : `${stem}-${i}${ext}`;
    try {
      // link() fails with EEXIST for any existing entry, a dangling symlink included, and never follows one.
      await fs.link(temp, path.join(uploadsDir, name));
      return name;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "EEXIST") continue;
      throw e;
    }
  }
  throw new Error(`upload ${JSON.stringify(filename)}: too many files named ${clean} in this thread`);
}

/**
 * One request's uploads: each file is staged (streamed to a temp file within its limit), then all are committed
 * together, or all discarded when anything in the request fails.
 */
export class UploadBatch {
  private readonly staged: Staged[] = [];

  private constructor(
    private readonly root: string,
    private readonly threadId: string,
    private readonly dir: string,
  ) {}

  /** Start a batch for an existing thread id; temp files left by killed processes are removed first. */
  static async open(root: string, threadId: string): Promise<UploadBatch> {
    assertThreadId(threadId);
    const dir = await partialDir(root);
    await sweepIn(dir);
    return new UploadBatch(root, threadId, dir);
  }

  /** Stream one file to a temp file; over `maxBytes` it stops reading and throws UploadTooLargeError. */
  async stage(
    filename: string,
    data: AsyncIterable<Uint8Array> | Uint8Array,
    maxBytes: number = LIMITS.uploadBytes,
  ): Promise<void> {
    if (data instanceof Uint8Array && data.byteLength > maxBytes)
      throw new UploadTooLargeError(filename, maxBytes, data.byteLength);
    const temp = path.join(this.dir, tempName());
    const entry: Staged = { temp, filename, size: 0 };
    this.staged.push(entry);
    const fh = await openForWrite(temp, "exclusive");
    try {
      for await (const chunk of data instanceof Uint8Array ? [data] : data) {
        entry.size += chunk.byteLength;
        if (entry.size > maxBytes) throw new UploadTooLargeError(filename, maxBytes);
        await fh.write(chunk);
      }
      // The name is given only to bytes that are on disk.
      await fh.datasync();
    } finally {
      await fh.close();
    }
  }

  /** Name every staged file in the thread's uploads/; returns them in the order staged. */
  async commit(): Promise<SavedUpload[]> {
    const threadDir = await ensureThreadDir(this.root, this.threadId);
    const uploadsDir = path.join(threadDir, "uploads");
    const saved: SavedUpload[] = [];
    try {
      for (const s of this.staged) {
        const name = await linkUnderFreeName(s.temp, uploadsDir, s.filename);
        await fs.rm(s.temp, { force: true });
        saved.push({
          path: hostToVirtual(threadDir, path.join(uploadsDir, name)),
          filename: name,
          size: s.size,
          mime: mimeOf(name),
        });
      }
    } finally {
      await this.discard();
    }
    return saved;
  }

  /** Remove every temp file of the batch (committed ones are already gone). */
  async discard(): Promise<void> {
    await Promise.all(this.staged.map((s) => fs.rm(s.temp, { force: true })));
    this.staged.length = 0;
  }
}
