import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ensureThreadDir } from "@/lib/sandbox/paths";

/**
 * A thread's folder where a command in the thread can swap `workspace/d` for a symlink to a folder outside between
 * the check of a path and its use (a race an outside audit won in seconds): the sandbox's race tests make the swap
 * deterministically in that window. `reset` (before each test) makes workspace/d with f.txt ("inside\n") and, if
 * asked, a subfolder, and the outside folder with `outsideFile` in it.
 */
export async function swappedFolderFixture(thread: string) {
  const base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), `fawn-${thread}-`)));
  const root = path.join(base, "sandbox");
  const dir = await ensureThreadDir(root, thread);
  const outside = path.join(base, "outside");
  const d = path.join(dir, "workspace", "d");
  return {
    root,
    dir,
    outside,
    async reset(opts: { sub?: boolean; outsideFile: [string, string] }): Promise<void> {
      await fs.rm(d, { recursive: true, force: true });
      await fs.rm(outside, { recursive: true, force: true });
      await fs.mkdir(opts.sub ? path.join(d, "sub") : d, { recursive: true });
      await fs.writeFile(path.join(d, "f.txt"), "inside\n");
      await fs.mkdir(outside);
      await fs.writeFile(path.join(outside, opts.outsideFile[0]), opts.outsideFile[1]);
    },
    /** What `rm -r workspace/d && ln -s <outside> workspace/d` does from bash. */
    async swapForSymlink(): Promise<void> {
      await fs.rm(d, { recursive: true });
      await fs.symlink(outside, d);
    },
    cleanup: () => fs.rm(base, { recursive: true, force: true }),
  };
}

/** A promise's error message, or "no error". */
export const refusal = (p: Promise<unknown>) =>
  p.then(
    () => "no error",
    (e: Error) => e.message,
  );
