import { constants } from "node:fs";
import fs from "node:fs/promises";
import { SandboxPathError, type ResolvedPath } from "./paths";

export type OpenMode = "read" | "truncate" | "append";

// O_NONBLOCK: opening a FIFO with no writer would otherwise wait for one inside the open call, holding one of
// libuv's four file threads for good (four such opens stop every file operation of the server). On a regular
// file it changes nothing. O_NOFOLLOW: the last part of the path is not followed if it is a symlink.
const BASE = constants.O_NOFOLLOW | constants.O_NONBLOCK;
const WRITE: Record<Exclude<OpenMode, "read">, number> = {
  // No O_TRUNC: the file is checked before anything in it changes, then truncated.
  truncate: constants.O_WRONLY,
  append: constants.O_WRONLY | constants.O_APPEND,
};

/**
 * The flags for `mode` on `target`: an existing file is never created (so a write cannot make a file elsewhere
 * through a folder swapped after the path was checked), a new one only exclusively (so this call knows it made
 * the file it may have to remove).
 */
function flagsFor(target: ResolvedPath, mode: OpenMode): number {
  if (mode === "read") return constants.O_RDONLY | BASE;
  return WRITE[mode] | BASE | (target.exists ? 0 : constants.O_CREAT | constants.O_EXCL);
}

/** The path that reaches what an open handle holds, through the handle itself (Linux's /proc/self/fd). */
export const handlePath = (fh: fs.FileHandle): string => `/proc/self/fd/${fh.fd}`;

/**
 * Where the file an open handle reads really is, as the kernel names it (/proc/self/fd, Linux): the path after
 * every symlink and folder it went through at the moment it was opened. Null where there is no /proc.
 */
export async function openedPath(fh: fs.FileHandle): Promise<string | null> {
  try {
    return await fs.readlink(handlePath(fh));
  } catch {
    return null;
  }
}

/** Without /proc: the checked path still names the very file the handle holds (same device and inode). */
async function stillTheSame(target: ResolvedPath, st: { dev: number; ino: number }): Promise<boolean> {
  try {
    const [real, now] = await Promise.all([fs.realpath(target.host), fs.stat(target.host)]);
    return real === target.host && now.dev === st.dev && now.ino === st.ino;
  } catch {
    return false;
  }
}

function describeKind(st: { isFIFO(): boolean; isSocket(): boolean }): string {
  if (st.isFIFO()) return "a named pipe (FIFO)";
  if (st.isSocket()) return "a socket";
  return "a device";
}

/**
 * Open a file of the thread only if it is the thread's own: a regular file (or, to read, a folder) with one name,
 * belonging to the thread folder's owner, and the very file its path was checked to be. A hard link (`ln
 * /etc/hostname outputs/x`, possible from bash on the host) passes every path check while its content is a file
 * elsewhere, so a file with several names is refused, as is one owned by another user. A folder on the way that
 * was swapped for a symlink after resolveInThread checked the path (a race a command in the thread can run) is
 * caught on the open handle: the kernel's name for what was opened must be the checked path, or nothing is read,
 * written or truncated, and a file this call created elsewhere is removed again.
 */
export async function openOwnFile(target: ResolvedPath, userPath: string, mode: OpenMode): Promise<fs.FileHandle> {
  const creating = mode !== "read" && !target.exists;
  let fh: fs.FileHandle;
  try {
    fh = await fs.open(target.host, flagsFor(target, mode), 0o644);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENXIO") throw new SandboxPathError(userPath, "it is a named pipe (FIFO), not a regular file");
    if (code === "EEXIST" && creating) {
      throw new SandboxPathError(userPath, "something else created it while this call was creating it; try again");
    }
    throw e;
  }
  try {
    const [folder, st, opened] = await Promise.all([fs.stat(target.threadDir), fh.stat(), openedPath(fh)]);
    if (opened !== null ? opened !== target.host : !(await stillTheSame(target, st))) {
      // Made by this very call (O_EXCL), wherever the swap sent it: take it away again.
      if (creating && opened !== null && !opened.endsWith(" (deleted)")) await fs.unlink(opened).catch(() => {});
      throw new SandboxPathError(
        userPath,
        "it changed while it was being opened (a folder on its way was replaced, by a symlink or otherwise); nothing was read or written",
      );
    }
    if (!st.isFile() && !(mode === "read" && st.isDirectory())) {
      throw new SandboxPathError(userPath, `it is ${describeKind(st)}, not a regular file`);
    }
    if (st.isFile() && st.nlink > 1) {
      throw new SandboxPathError(
        userPath,
        `it is a hard link (the file has ${st.nlink} names), so its content may be a file outside this thread's folder; copy the content into a new file instead`,
      );
    }
    if (st.uid !== folder.uid) {
      throw new SandboxPathError(userPath, `it belongs to another user (uid ${st.uid}), not to this thread's folder`);
    }
    if (mode === "truncate" && st.isFile()) await fh.truncate(0);
    return fh;
  } catch (e) {
    await fh.close();
    throw e;
  }
}
