import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listOutputs, mimeOf, readThreadFile, sanitizeFileName } from "./files";
import { SandboxPathError, ensureThreadDir } from "./paths";
import { uploadOne, useTempSandbox } from "@/test/support/sandbox";

let sb: Awaited<ReturnType<typeof useTempSandbox>>;
let dir: string;

beforeAll(async () => {
  sb = await useTempSandbox();
  dir = await ensureThreadDir(sb.root, "files-t");
});
afterAll(() => sb.cleanup());

describe("mimeOf", () => {
  it.each([
    ["report.md", "text/markdown"],
    ["CHART.PNG", "image/png"],
    ["photo.jpeg", "image/jpeg"],
    ["data.csv", "text/csv"],
    ["main.py", "text/x-python"],
    ["archive.tar.gz", "application/gzip"],
    ["noext", "application/octet-stream"],
    [".bashrc", "application/octet-stream"],
  ])("%s → %s", (name, mime) => expect(mimeOf(name)).toBe(mime));
});

describe("listOutputs", () => {
  it("lists regular files under outputs/ recursively, skipping symlinks", async () => {
    await fs.mkdir(path.join(dir, "outputs/charts"), { recursive: true });
    await fs.writeFile(path.join(dir, "outputs/report.md"), "# Report\n");
    await fs.writeFile(path.join(dir, "outputs/charts/a.png"), Buffer.alloc(10));
    await fs.writeFile(path.join(dir, "workspace/draft.md"), "not an output");
    await fs.symlink("/etc/hostname", path.join(dir, "outputs/link"));
    await fs.symlink(path.join(dir, "workspace"), path.join(dir, "outputs/ws-link"));
    const files = await listOutputs(sb.root, "files-t");
    expect(files.map((f) => [f.path, f.size, f.mime])).toEqual([
      ["/mnt/user-data/outputs/charts/a.png", 10, "image/png"],
      ["/mnt/user-data/outputs/report.md", 9, "text/markdown"],
    ]);
    expect(Number.isNaN(Date.parse(files[0].modified))).toBe(false);
  });

  it("is empty for a new thread", async () => {
    expect(await listOutputs(sb.root, "new-thread")).toEqual([]);
  });

  it("walks at most 16 folders deep (each level holds a file handle while it is walked)", async () => {
    const t = await ensureThreadDir(sb.root, "deep-t");
    let at = path.join(t, "outputs");
    for (let level = 1; level <= 20; level++) {
      at = path.join(at, "d");
      await fs.mkdir(at);
      await fs.writeFile(path.join(at, `f${level}.txt`), "x");
    }
    const names = (await listOutputs(sb.root, "deep-t")).map((f) => path.basename(f.path));
    expect(names.sort()).toEqual(Array.from({ length: 15 }, (_, i) => `f${i + 1}.txt`).sort());
  });
});

describe("readThreadFile", () => {
  it("reads a file by either path form, with its mime type", async () => {
    const a = await readThreadFile(sb.root, "files-t", "/mnt/user-data/outputs/report.md");
    expect(a).toEqual({
      data: Buffer.from("# Report\n"),
      mime: "text/markdown",
      path: "/mnt/user-data/outputs/report.md",
    });
    expect((await readThreadFile(sb.root, "files-t", "outputs/report.md")).data.toString()).toBe("# Report\n");
  });

  it.each([
    ["outputs/link", /resolves outside this thread's folder/],
    ["../files-t/outputs/report.md", /'\.\.' segments/],
    ["/etc/passwd", /absolute paths must be under/],
    ["outputs/missing.md", /no such file/],
    ["outputs/charts", /it is not a file/],
  ])("refuses %s", async (p, reason) => {
    await expect(readThreadFile(sb.root, "files-t", p)).rejects.toThrow(reason);
    await expect(readThreadFile(sb.root, "files-t", p)).rejects.toBeInstanceOf(SandboxPathError);
  });

  it("refuses a file over the cap", async () => {
    await expect(readThreadFile(sb.root, "files-t", "outputs/charts/a.png", 5)).rejects.toThrow(
      /"outputs\/charts\/a\.png" refused: the file is 10 B, over the 5 B limit/,
    );
  });

  it("does not read another thread's files", async () => {
    await expect(readThreadFile(sb.root, "other-thread", "outputs/report.md")).rejects.toThrow(/no such file/);
  });
});

describe("sanitizeFileName", () => {
  it.each([
    ["report.pdf", "report.pdf"],
    ["../../etc/passwd", "passwd"],
    ["C:\\Users\\me\\My File (1).docx", "My File (1).docx"],
    [".env", "env"],
    ["..", "upload"],
    ["", "upload"],
    ["a\0b\nc.txt", "a_b_c.txt"],
    ["naïve résumé.md", "naïve résumé.md"],
    ["$(rm -rf ~).sh", "_(rm -rf _).sh"],
  ])("%j → %j", (input, expected) => expect(sanitizeFileName(input)).toBe(expected));

  it("shortens long names keeping the extension", () => {
    const name = sanitizeFileName(`${"é".repeat(300)}.csv`);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(200);
    expect(name.endsWith("é.csv")).toBe(true);
  });
});

describe("an upload of one file", () => {
  it("stores into uploads/ under a safe name and never overwrites", async () => {
    const a = await uploadOne(sb.root, "files-t", "../data.csv", Buffer.from("a,b\n"));
    expect(a).toEqual({ path: "/mnt/user-data/uploads/data.csv", filename: "data.csv", size: 4, mime: "text/csv" });
    const b = await uploadOne(sb.root, "files-t", "data.csv", Buffer.from("c,d\n"));
    expect(b.path).toBe("/mnt/user-data/uploads/data-1.csv");
    expect(await fs.readFile(path.join(dir, "uploads/data.csv"), "utf8")).toBe("a,b\n");
    expect(await fs.readFile(path.join(dir, "uploads/data-1.csv"), "utf8")).toBe("c,d\n");
  });

  it("does not write through a symlink planted in uploads/", async () => {
    await fs.symlink(path.join(sb.base, "planted.txt"), path.join(dir, "uploads/planted.txt"));
    const r = await uploadOne(sb.root, "files-t", "planted.txt", Buffer.from("x"));
    expect(r.filename).toBe("planted-1.txt");
    await expect(fs.stat(path.join(sb.base, "planted.txt"))).rejects.toThrow();
  });

  it("refuses an upload over the cap, naming it", async () => {
    await expect(uploadOne(sb.root, "files-t", "big.bin", Buffer.alloc(11), 10)).rejects.toThrow(
      /upload "big\.bin" is 11 B, over the 10 B limit/,
    );
  });
});
