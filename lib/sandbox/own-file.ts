import { constants } from "node:fs";
import fs from "node:fs/promises";
import { SandboxPathError, type ResolvedPath } from "./paths";

export type OpenMode = "read" | "truncate" | "append";

const FLAGS: Record<OpenMode, number> = {
  read: constants.O_RDONLY | constants.O_NOFOLLOW,
  // No O_TRUNC: the file is checked before anything in it changes, then truncated.
  truncate: constants.O_WRONLY | constants.O_CREAT | constants.O_NOFOLLOW,
  append: constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND | constants.O_NOFOLLOW,
};

/**
 * Open a file of the thread only if it is the thread's own: a regular file with one name that
 * belongs to the thread folder's owner. A hard link (`ln /etc/hostname outputs/x`, possible from
 * bash on the host) passes every path check while its content is a file elsewhere, so a file with
 * several names is refused, as is one owned by another user. Checked on the open handle, so a
 * swap between check and use changes nothing.
 */
export async function openOwnFile(target: ResolvedPath, userPath: string, mode: OpenMode): Promise<fs.FileHandle> {
  const [folder, fh] = await Promise.all([fs.stat(target.threadDir), fs.open(target.host, FLAGS[mode], 0o644)]);
  try {
    const st = await fh.stat();
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
