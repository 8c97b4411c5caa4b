import fsSync from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HeldFolder, makeParentFolders } from "./held-folder";
import { resolveInThread } from "./paths";
import { refusal, swappedFolderFixture } from "@/test/support/swapped-folder";

/**
 * As own-file.test.ts: a command in the thread can swap a folder on the way for a symlink to anywhere between the
 * check of a path and its use. Here the swap is made deterministically in that window.
 */
const T = "held-folder-thread";
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
beforeEach(() => fx.reset({ sub: true, outsideFile: ["secret-name.txt", "OUTSIDE\n"] }));

describe("a held folder", () => {
  it("lists the folder its path was checked to be, through its handle", async () => {
    const target = await resolveInThread(root, T, "workspace/d");
    const folder = await HeldFolder.open(target.host, "workspace/d");
    try {
      expect((await fs.readdir(folder.via)).sort()).toEqual(["f.txt", "sub"]);
      const sub = await folder.child("sub", "workspace/d");
      expect(await fs.readdir(sub.via)).toEqual([]);
      await sub.close();
    } finally {
      await folder.close();
    }
  });

  it("is refused when the folder was swapped for a symlink after the check: nothing outside is listed", async () => {
    const target = await resolveInThread(root, T, "workspace/d");
    await swapForSymlink();
    expect(await refusal(HeldFolder.open(target.host, "workspace/d"))).toMatch(
      /^path "workspace\/d" refused: it changed while it was being read/,
    );
  });

  it("is refused when a folder above it was swapped", async () => {
    const target = await resolveInThread(root, T, "workspace/d/sub");
    await swapForSymlink();
    await fs.mkdir(path.join(outside, "sub"));
    expect(await refusal(HeldFolder.open(target.host, "workspace/d/sub"))).toMatch(/changed while it was being read/);
  });

  it("does not enter a subfolder swapped for a symlink after the folder was opened", async () => {
    const target = await resolveInThread(root, T, "workspace");
    const folder = await HeldFolder.open(target.host, "workspace");
    try {
      await swapForSymlink();
      expect(await refusal(folder.child("d", "workspace"))).toMatch(/changed while it was being read/);
    } finally {
      await folder.close();
    }
  });
});

describe("makeParentFolders", () => {
  it("makes the missing folders inside the thread", async () => {
    const target = await resolveInThread(root, T, "workspace/d/x/y/new.txt");
    await makeParentFolders(target.threadDir, target.host, "workspace/d/x/y/new.txt");
    expect(fsSync.statSync(path.join(dir, "workspace", "d", "x", "y")).isDirectory()).toBe(true);
  });

  it("makes nothing outside when a folder on the way was swapped for a symlink after the check", async () => {
    const target = await resolveInThread(root, T, "workspace/d/x/y/new.txt");
    await swapForSymlink();
    expect(await refusal(makeParentFolders(target.threadDir, target.host, "workspace/d/x/y/new.txt"))).toMatch(
      /changed while it was being read/,
    );
    expect(fsSync.existsSync(path.join(outside, "x"))).toBe(false);
  });
});
