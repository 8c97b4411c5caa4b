import { execFileSync } from "node:child_process";
import fsSync from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openOwnFile } from "./own-file";
import { resolveInThread } from "./paths";
import { refusal, swappedFolderFixture } from "@/test/support/swapped-folder";

/**
 * The window between resolveInThread's check of a path and openOwnFile's open of it: a command in the thread can
 * swap a folder on the way for a symlink to anywhere in that window (a race an outside audit won in about two
 * seconds). Here the swap is made deterministically inside the window: the path is resolved, then the folder is
 * replaced, then the file is opened.
 */
const T = "own-file-thread";
let fx: Awaited<ReturnType<typeof swappedFolderFixture>>;
let root: string;
let dir: string;
let outside: string;
const swapForSymlink = () => fx.swapForSymlink();

beforeAll(async () => {
  fx = await swappedFolderFixture(T);
  ({ root, dir, outside } = fx);
});
afterAll(() => fx.cleanup());
beforeEach(() => fx.reset({ outsideFile: ["f.txt", "OUTSIDE SECRET\n"] }));

describe("a folder swapped for a symlink after the path was checked", () => {
  it("reading: refused, nothing outside is read", async () => {
    const target = await resolveInThread(root, T, "workspace/d/f.txt");
    await swapForSymlink();
    const message = await refusal(openOwnFile(target, "workspace/d/f.txt", "read"));
    expect(message).toMatch(/^path "workspace\/d\/f\.txt" refused: it changed while it was being opened/);
  });

  it("replacing an existing file: refused, the file outside keeps its content", async () => {
    const target = await resolveInThread(root, T, "workspace/d/f.txt");
    await swapForSymlink();
    expect(await refusal(openOwnFile(target, "workspace/d/f.txt", "truncate"))).toMatch(/changed while it was/);
    expect(await fs.readFile(path.join(outside, "f.txt"), "utf8")).toBe("OUTSIDE SECRET\n");
  });

  it("creating a new file: refused, and no file is left outside", async () => {
    const target = await resolveInThread(root, T, "workspace/d/new.txt");
    expect(target.exists).toBe(false);
    await swapForSymlink();
    expect(await refusal(openOwnFile(target, "workspace/d/new.txt", "truncate"))).toMatch(/changed while it was/);
    expect(fsSync.existsSync(path.join(outside, "new.txt"))).toBe(false);
  });

  it("without the swap the same calls read and write the thread's own file", async () => {
    const read = await openOwnFile(await resolveInThread(root, T, "workspace/d/f.txt"), "f", "read");
    expect(await read.readFile("utf8")).toBe("inside\n");
    await read.close();
    const created = await openOwnFile(await resolveInThread(root, T, "workspace/d/new.txt"), "n", "truncate");
    await created.writeFile("new\n");
    await created.close();
    expect(await fs.readFile(path.join(dir, "workspace", "d", "new.txt"), "utf8")).toBe("new\n");
  });
});

describe("a named pipe (FIFO) in the thread's folder", () => {
  // An open of a FIFO with no writer waited for one inside the open call and held a libuv file thread for good.
  it("is refused at once, reading or writing, and file operations go on", async () => {
    const fifo = path.join(dir, "workspace", "pipe");
    await fs.rm(fifo, { force: true });
    execFileSync("mkfifo", [fifo]);
    const target = await resolveInThread(root, T, "workspace/pipe");
    for (let i = 0; i < 5; i++) {
      expect(await refusal(openOwnFile(target, "workspace/pipe", "read"))).toBe(
        'path "workspace/pipe" refused: it is a named pipe (FIFO), not a regular file',
      );
    }
    expect(await refusal(openOwnFile(target, "workspace/pipe", "truncate"))).toBe(
      'path "workspace/pipe" refused: it is a named pipe (FIFO), not a regular file',
    );
    // With four libuv threads stuck, this read would never finish.
    expect(await fs.readFile(path.join(dir, "workspace", "d", "f.txt"), "utf8")).toBe("inside\n");
  });
});
