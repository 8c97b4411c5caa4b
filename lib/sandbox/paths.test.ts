import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SandboxPathError, ensureThreadDir, quotePath, resolveInThread } from "./paths";
import { useTempSandbox } from "@/test/support/sandbox";

let sb: Awaited<ReturnType<typeof useTempSandbox>>;
let t1: string;

beforeAll(async () => {
  sb = await useTempSandbox();
  t1 = await ensureThreadDir(sb.root, "t1");
  const t2 = await ensureThreadDir(sb.root, "t2");
  await fs.writeFile(path.join(t1, "workspace/notes.md"), "hello\n");
  await fs.writeFile(path.join(t2, "workspace/secret.txt"), "other thread\n");
  await fs.writeFile(path.join(sb.base, "outside.txt"), "outside\n");
  const ln = (target: string, at: string) => fs.symlink(target, path.join(t1, at));
  await ln("/etc", "workspace/link-out");
  await ln(path.join(sb.base, "outside.txt"), "workspace/file-link-out");
  await ln("/nonexistent-fawn/x", "workspace/dangling");
  await ln("loop", "workspace/loop");
  await ln("../workspace", "outputs/link-in");
  await ln("..", "workspace/up");
  await ln(path.join(t2, "workspace"), "workspace/to-other");
});

afterAll(() => sb.cleanup());

describe("resolveInThread refuses hostile paths, naming them", () => {
  const hostile: Array<[string, string | (() => string), RegExp]> = [
    ["dot-dot relative", "../etc/passwd", /'\.\.' segments/],
    ["dot-dot into another thread", "workspace/../../t2/workspace/secret.txt", /'\.\.' segments/],
    ["dot-dot after the virtual root", "/mnt/user-data/../../etc/passwd", /'\.\.' segments/],
    ["dot-dot deep", "/mnt/user-data/workspace/../../../etc", /'\.\.' segments/],
    ["host absolute path", "/etc/passwd", /absolute paths must be under \/mnt\/user-data\//],
    ["look-alike root", "/mnt/user-data-evil/workspace/x", /absolute paths must be under/],
    ["double leading slash", "//mnt/user-data/workspace/x", /absolute paths must be under/],
    ["bare slash", "/", /absolute paths must be under/],
    ["the thread folder's host path", () => path.join(t1, "workspace/notes.md"), /absolute paths must be under/],
    ["NUL byte", "workspace/notes.md\0.png", /NUL byte/],
    ["newline", "workspace/a\nb", /control character/],
    ["backslash traversal", "workspace\\..\\..\\x", /backslash/],
    ["windows drive", "C:\\Windows\\system.ini", /backslash/],
    ["tilde", "~/.ssh/id_rsa", /'~' is not expanded/],
    ["file URL", "file:///etc/passwd", /must lie in uploads\/, workspace\/ or outputs\//],
    ["relative outside the areas", "etc/passwd", /must lie in uploads\/, workspace\/ or outputs\//],
    ["sandbox layout guess", "threads/t2/workspace/secret.txt", /must lie in uploads/],
    ["over-long path", "workspace/" + "a/".repeat(600), /longer than 1024 characters/],
    ["over-long segment", "workspace/" + "a".repeat(300), /segment is longer than 255 bytes/],
    ["empty", "", /empty/],
    ["blank", "   ", /empty/],
    ["the virtual root for a file tool", "/mnt/user-data", /names the folder \/mnt\/user-data itself/],
    ["symlinked folder pointing out", "workspace/link-out/passwd", /resolves outside this thread's folder/],
    ["the outward symlink itself", "workspace/link-out", /resolves outside this thread's folder/],
    ["file symlink pointing out", "workspace/file-link-out", /resolves outside this thread's folder/],
    [
      "new file under an outward symlink",
      "workspace/link-out/new-dir/new.txt",
      /resolves outside this thread's folder/,
    ],
    ["dangling symlink", "workspace/dangling", /symlink whose target does not exist/],
    ["symlink loop", "workspace/loop", /symlink loop/],
    ["symlink to the thread root", "workspace/up/x.txt", /outside uploads\/, workspace\/ and outputs\//],
    ["symlink into another thread", "workspace/to-other/secret.txt", /resolves outside this thread's folder/],
    ["a file used as a folder", "workspace/notes.md/x", /is a file, not a folder/],
  ];

  it.each(hostile)("%s", async (_label, input, reason) => {
    const p = typeof input === "function" ? input() : input;
    const err = await resolveInThread(sb.root, "t1", p).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(SandboxPathError);
    expect((err as Error).message).toMatch(reason);
    expect((err as Error).message).toContain(quotePath(p));
  });
});

describe("resolveInThread accepts both path forms", () => {
  const ok: Array<[string, string, string, boolean]> = [
    ["/mnt/user-data/workspace/notes.md", "/mnt/user-data/workspace/notes.md", "workspace", true],
    ["workspace/notes.md", "/mnt/user-data/workspace/notes.md", "workspace", true],
    ["./workspace//notes.md", "/mnt/user-data/workspace/notes.md", "workspace", true],
    ["/mnt/user-data/workspace/./notes.md", "/mnt/user-data/workspace/notes.md", "workspace", true],
    ["/mnt/user-data/outputs/", "/mnt/user-data/outputs", "outputs", true],
    ["outputs/link-in/notes.md", "/mnt/user-data/workspace/notes.md", "workspace", true],
    ["workspace/new/deeper/file.txt", "/mnt/user-data/workspace/new/deeper/file.txt", "workspace", false],
    ["workspace/%2e%2e/x", "/mnt/user-data/workspace/%2e%2e/x", "workspace", false],
    ["workspace/.../x", "/mnt/user-data/workspace/.../x", "workspace", false],
    ["uploads/ünïcødé file.txt", "/mnt/user-data/uploads/ünïcødé file.txt", "uploads", false],
  ];

  it.each(ok)("%s", async (input, virtual, area, exists) => {
    const r = await resolveInThread(sb.root, "t1", input);
    expect(r).toMatchObject({ virtual, area, exists });
    expect(r.host.startsWith(t1 + path.sep)).toBe(true);
  });

  it("gives the thread root only when asked", async () => {
    const r = await resolveInThread(sb.root, "t1", "/mnt/user-data", { allowRoot: true });
    expect(r).toMatchObject({ virtual: "/mnt/user-data", area: null, exists: true, host: t1 });
  });
});

describe("thread folders", () => {
  it.each(["../x", "", "a/b", "x".repeat(129), "t 1", "t1\0"])("rejects thread id %j", async (id) => {
    await expect(resolveInThread(sb.root, id, "workspace/x")).rejects.toThrow(/thread id .* is invalid/);
  });

  it("creates uploads, workspace and outputs on demand", async () => {
    const dir = await ensureThreadDir(sb.root, "fresh-thread_1");
    expect((await fs.readdir(dir)).sort()).toEqual(["outputs", "uploads", "workspace"]);
    expect(dir).toBe(path.join(sb.root, "threads", "fresh-thread_1"));
  });

  it("refuses an area folder replaced by a symlink (e.g. by bash)", async () => {
    const d = await ensureThreadDir(sb.root, "swapped");
    await fs.rm(path.join(d, "outputs"), { recursive: true });
    await fs.symlink("/etc", path.join(d, "outputs"));
    await expect(resolveInThread(sb.root, "swapped", "outputs/passwd")).rejects.toThrow(
      /sandbox folder .*\/threads\/swapped\/outputs must be a real directory/,
    );
  });

  it("refuses a thread folder that is a symlink", async () => {
    await fs.mkdir(path.join(sb.base, "elsewhere"), { recursive: true });
    await fs.symlink(path.join(sb.base, "elsewhere"), path.join(sb.root, "threads", "hijacked"));
    await expect(ensureThreadDir(sb.root, "hijacked")).rejects.toThrow(/must be a real directory/);
  });
});
