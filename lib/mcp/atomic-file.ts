import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export interface AtomicWriteOptions {
  /** File mode of the new file (default: the old file's mode, else 0o644). */
  mode?: number;
  /** Copy the previous version to this path first (kept when the write fails). */
  backup?: string;
}

/**
 * Replace `file` with `text` so a reader sees the old or the new content, never a mix: write a temp file in the
 * same folder, flush it to disk, then rename it over the target. A crash leaves at most a stray temp file.
 */
export function writeFileAtomic(file: string, text: string, opts: AtomicWriteOptions = {}): void {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true });
  let mode = opts.mode;
  if (mode === undefined) {
    try {
      mode = fs.statSync(file).mode & 0o777;
    } catch {
      mode = 0o644;
    }
  }
  const tmp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  // The mode is given at creation, so a secret file is never readable by others, not even for a moment.
  const fd = fs.openSync(tmp, "wx", mode);
  try {
    fs.writeFileSync(fd, text);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    // openSync's mode is filtered by the umask; chmod makes it exact.
    fs.chmodSync(tmp, mode);
    if (opts.backup && fs.existsSync(file)) fs.copyFileSync(file, opts.backup);
    fs.renameSync(tmp, file);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }
}
