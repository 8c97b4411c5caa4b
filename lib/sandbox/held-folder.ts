import { constants } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { handlePath, openedPath } from "./own-file";
import { SandboxPathError } from "./paths";

// O_NOFOLLOW: a symlink in the last place is not followed (the open fails with ELOOP); O_DIRECTORY: only a folder
// opens; O_NONBLOCK: a FIFO put there cannot hold the open.
const FOLDER = constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/** The message of a folder that is not what its path was checked to be when it was opened. */
const CHANGED =
  "it changed while it was being read (a folder on its way was replaced, by a symlink or otherwise); nothing was listed or made there";

/**
 * A folder held open, its entries reached through the handle (/proc/self/fd/N/name, Linux) and never by its path
 * again: a folder of the thread that a command swaps for a symlink after the path was checked cannot send a listing
 * or a new folder elsewhere. Where there is no /proc, through its path (the check before the open is all there is).
 */
export class HeldFolder {
  private constructor(
    private readonly fh: fs.FileHandle,
    /** The path that reaches this very folder: its handle's, or (no /proc) its own. */
    readonly via: string,
  ) {}

  /**
   * Open `host` (a checked path with no symlink in it) as a folder, only if what opens is that path: a symlink
   * swapped in anywhere on the way is refused, naming `userPath`.
   */
  static async open(host: string, userPath: string): Promise<HeldFolder> {
    const fh = await openFolder(host, userPath);
    const opened = await openedPath(fh);
    if (opened === null) return new HeldFolder(fh, host);
    if (opened !== host) {
      await fh.close();
      throw new SandboxPathError(userPath, CHANGED);
    }
    return new HeldFolder(fh, handlePath(fh));
  }

  /** The path of an entry of this folder, reached through the handle. */
  entry(name: string): string {
    return path.join(this.via, name);
  }

  /** A subfolder, opened through this one's handle without following a symlink in its place. */
  async child(name: string, userPath: string): Promise<HeldFolder> {
    const fh = await openFolder(this.entry(name), userPath);
    // Held by its handle when this folder is (there is a /proc), else by its path.
    return new HeldFolder(fh, this.via === handlePath(this.fh) ? handlePath(fh) : this.entry(name));
  }

  close(): Promise<void> {
    return this.fh.close();
  }
}

async function openFolder(at: string, userPath: string): Promise<fs.FileHandle> {
  try {
    return await fs.open(at, FOLDER);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ELOOP" || code === "ENOTDIR") throw new SandboxPathError(userPath, CHANGED);
    throw e;
  }
}

/**
 * Make the missing folders between the thread folder and `host`'s parent, each made and entered through the handle
 * of the one above it, so a folder on the way swapped for a symlink (after resolveInThread checked the path) stops
 * the walk instead of making folders wherever the symlink points. `host` is inside `threadDir`, symlinks resolved.
 */
export async function makeParentFolders(threadDir: string, host: string, userPath: string): Promise<void> {
  const rel = path.relative(threadDir, path.dirname(host));
  if (rel.startsWith("..") || path.isAbsolute(rel)) throw new SandboxPathError(userPath, "it is outside this thread");
  let folder = await HeldFolder.open(threadDir, userPath);
  try {
    for (const name of rel === "" ? [] : rel.split(path.sep)) {
      await fs.mkdir(folder.entry(name)).catch((e: NodeJS.ErrnoException) => {
        if (e.code !== "EEXIST") throw e;
      });
      const next = await folder.child(name, userPath);
      await folder.close();
      folder = next;
    }
  } finally {
    await folder.close();
  }
}
