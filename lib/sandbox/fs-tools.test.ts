import fs from "node:fs/promises";
import path from "node:path";
import { ToolMessage } from "@langchain/core/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "./limits";
import { ensureThreadDir } from "./paths";
import { threadConfig, useTempSandbox } from "@/test/support/sandbox";

let sb: Awaited<ReturnType<typeof useTempSandbox>>;
let dir: string;
const cfg = threadConfig("files");

beforeAll(async () => {
  sb = await useTempSandbox();
  dir = await ensureThreadDir(sb.root, "files");
});
afterAll(() => sb.cleanup());

const write = (p: string, content: string | Buffer) =>
  fs.mkdir(path.dirname(path.join(dir, p)), { recursive: true }).then(() => fs.writeFile(path.join(dir, p), content));
const read = (p: string) => fs.readFile(path.join(dir, p), "utf8");

describe("tool names and schemas", () => {
  it("have the names config.yaml refers to, and no defaults in their schemas", () => {
    expect([sb.tools.ls, sb.tools.read_file, sb.tools.write_file, sb.tools.str_replace].map((t) => t.name)).toEqual([
      "ls",
      "read_file",
      "write_file",
      "str_replace",
    ]);
    for (const t of [sb.tools.ls, sb.tools.read_file, sb.tools.write_file, sb.tools.str_replace]) {
      expect(t.description).toContain("/mnt/user-data");
      expect(JSON.stringify(t.schema)).not.toContain('"default"');
    }
  });
});

describe("write_file", () => {
  it("creates parent folders and reports the virtual path", async () => {
    const out = await sb.tools.write_file.invoke({ path: "workspace/a/b/notes.md", content: "one\n" }, cfg);
    expect(out).toBe("Wrote 4 B to /mnt/user-data/workspace/a/b/notes.md");
    expect(await read("workspace/a/b/notes.md")).toBe("one\n");
  });

  it("replaces, or appends when asked", async () => {
    await sb.tools.write_file.invoke({ path: "/mnt/user-data/outputs/log.txt", content: "a\n" }, cfg);
    await sb.tools.write_file.invoke({ path: "outputs/log.txt", content: "b\n", append: true }, cfg);
    expect(await read("outputs/log.txt")).toBe("a\nb\n");
    await sb.tools.write_file.invoke({ path: "outputs/log.txt", content: "c\n" }, cfg);
    expect(await read("outputs/log.txt")).toBe("c\n");
  });

  it("refuses content over the cap, naming the path", async () => {
    const big = "x".repeat(LIMITS.writeBytes + 1);
    await expect(sb.tools.write_file.invoke({ path: "workspace/big.txt", content: big }, cfg)).rejects.toThrow(
      /write_file workspace\/big\.txt: content is 1048577 bytes, over the 1048576-byte limit per call/,
    );
    await expect(fs.stat(path.join(dir, "workspace/big.txt"))).rejects.toThrow();
  });

  it("refuses a path outside the thread", async () => {
    await expect(sb.tools.write_file.invoke({ path: "../../escape.txt", content: "x" }, cfg)).rejects.toThrow(
      /"\.\.\/\.\.\/escape\.txt" refused/,
    );
  });

  it("does not write through a symlink pointing out", async () => {
    await fs.symlink(path.join(sb.base, "victim.txt"), path.join(dir, "workspace/victim-link"));
    await expect(sb.tools.write_file.invoke({ path: "workspace/victim-link", content: "pwned" }, cfg)).rejects.toThrow(
      /symlink/,
    );
    await expect(fs.stat(path.join(sb.base, "victim.txt"))).rejects.toThrow();
  });

  it("answers a tool call with a ToolMessage", async () => {
    const msg = await sb.tools.write_file.invoke(
      { type: "tool_call", id: "call_1", name: "write_file", args: { path: "workspace/t.txt", content: "t" } },
      cfg,
    );
    expect(msg).toBeInstanceOf(ToolMessage);
    expect((msg as ToolMessage).tool_call_id).toBe("call_1");
  });
});

describe("read_file", () => {
  beforeAll(async () => {
    await write("workspace/lines.txt", Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join("\n") + "\n");
  });

  it("reads a whole file and line ranges", async () => {
    expect(await sb.tools.read_file.invoke({ path: "workspace/lines.txt" }, cfg)).toBe(
      Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join("\n"),
    );
    expect(
      await sb.tools.read_file.invoke({ path: "/mnt/user-data/workspace/lines.txt", start_line: 3, end_line: 4 }, cfg),
    ).toBe("line 3\nline 4");
    expect(await sb.tools.read_file.invoke({ path: "workspace/lines.txt", start_line: 9 }, cfg)).toBe(
      "line 9\nline 10",
    );
    expect(await sb.tools.read_file.invoke({ path: "workspace/lines.txt", start_line: 50 }, cfg)).toMatch(
      /has only 10 lines/,
    );
  });

  it("caps output and says where to continue", async () => {
    const line = "y".repeat(99);
    await write("workspace/huge.txt", `${line}\n`.repeat(5000)); // 500 KB
    const out = await sb.tools.read_file.invoke({ path: "workspace/huge.txt" }, cfg);
    const [body, note] = out.split("\n\n[truncated: ");
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(LIMITS.readBytes);
    expect(note).toMatch(
      /^256 KB cap reached; showed lines 1-2622 \(line 2622 cut short\) of a 488 KB file\. Read on with start_line=2622\.\]$/,
    );
    const next = await sb.tools.read_file.invoke({ path: "workspace/huge.txt", start_line: 2622 }, cfg);
    expect(next.startsWith(`${line}\n${line}`)).toBe(true);
    expect(next.includes("[truncated")).toBe(false);
    expect(next.split("\n")).toHaveLength(5000 - 2622 + 1);
  });

  it("notes a single line longer than the cap", async () => {
    await write("workspace/minified.json", "z".repeat(LIMITS.readBytes + 10));
    const out = await sb.tools.read_file.invoke({ path: "workspace/minified.json" }, cfg);
    expect(out).toMatch(
      /line 1 alone is longer than the cap; its rest is not shown\) of a 256 KB file\. Read on with start_line=2\.\]$/,
    );
  });

  it("does not split a multi-byte character at the cap", async () => {
    await write("workspace/utf8.txt", "é".repeat(LIMITS.readBytes)); // 2 bytes each
    const out = await sb.tools.read_file.invoke({ path: "workspace/utf8.txt" }, cfg);
    expect(out.split("\n\n[truncated")[0]).toBe("é".repeat(LIMITS.readBytes / 2));
  });

  it("refuses binary files, folders, missing files and ranges backwards", async () => {
    await write("uploads/blob.bin", Buffer.from([1, 2, 0, 3]));
    await expect(sb.tools.read_file.invoke({ path: "uploads/blob.bin" }, cfg)).rejects.toThrow(
      /read_file \/mnt\/user-data\/uploads\/blob\.bin: binary file/,
    );
    await expect(sb.tools.read_file.invoke({ path: "workspace" }, cfg)).rejects.toThrow(
      /"workspace" refused: it is a folder; use ls/,
    );
    await expect(sb.tools.read_file.invoke({ path: "workspace/nope.md" }, cfg)).rejects.toThrow(
      /"workspace\/nope\.md" refused: no such file/,
    );
    await expect(
      sb.tools.read_file.invoke({ path: "workspace/lines.txt", start_line: 5, end_line: 2 }, cfg),
    ).rejects.toThrow(/end_line 2 is before start_line 5/);
  });

  it("reads an empty file", async () => {
    await write("workspace/empty.txt", "");
    expect(await sb.tools.read_file.invoke({ path: "workspace/empty.txt" }, cfg)).toBe(
      "(/mnt/user-data/workspace/empty.txt is empty)",
    );
  });
});

describe("str_replace", () => {
  const file = "workspace/edit.md";
  beforeAll(() => write(file, "alpha beta\ngamma beta\n"));

  it("replaces a unique occurrence", async () => {
    await write(file, "alpha beta\ngamma beta\n");
    expect(await sb.tools.str_replace.invoke({ path: file, old_str: "alpha", new_str: "ALPHA" }, cfg)).toBe(
      "Replaced 1 occurrence in /mnt/user-data/workspace/edit.md",
    );
    expect(await read(file)).toBe("ALPHA beta\ngamma beta\n");
  });

  it("refuses an ambiguous old_str unless replace_all", async () => {
    await write(file, "alpha beta\ngamma beta\n");
    await expect(sb.tools.str_replace.invoke({ path: file, old_str: "beta", new_str: "B" }, cfg)).rejects.toThrow(
      /old_str occurs 2 times; include more surrounding text .* or set replace_all: true/,
    );
    expect(await read(file)).toBe("alpha beta\ngamma beta\n");
    expect(
      await sb.tools.str_replace.invoke({ path: file, old_str: "beta", new_str: "B", replace_all: true }, cfg),
    ).toBe("Replaced 2 occurrences in /mnt/user-data/workspace/edit.md");
    expect(await read(file)).toBe("alpha B\ngamma B\n");
  });

  it("refuses a missing old_str, an empty one, and a no-op", async () => {
    await write(file, "alpha\n");
    await expect(sb.tools.str_replace.invoke({ path: file, old_str: "omega", new_str: "x" }, cfg)).rejects.toThrow(
      /edit\.md: old_str was not found/,
    );
    await expect(sb.tools.str_replace.invoke({ path: file, old_str: "", new_str: "x" }, cfg)).rejects.toThrow(
      /old_str is empty/,
    );
    await expect(sb.tools.str_replace.invoke({ path: file, old_str: "alpha", new_str: "alpha" }, cfg)).rejects.toThrow(
      /identical/,
    );
  });

  it("keeps $ patterns in new_str literally and can delete", async () => {
    await write(file, "price: X\nremove me\n");
    await sb.tools.str_replace.invoke({ path: file, old_str: "X", new_str: "$& $1 $$" }, cfg);
    await sb.tools.str_replace.invoke({ path: file, old_str: "remove me\n", new_str: "" }, cfg);
    expect(await read(file)).toBe("price: $& $1 $$\n");
  });

  it("refuses a missing file and a file over the edit cap", async () => {
    await expect(
      sb.tools.str_replace.invoke({ path: "workspace/none.md", old_str: "a", new_str: "b" }, cfg),
    ).rejects.toThrow(/no such file/);
    await write("workspace/large.md", "a".repeat(LIMITS.editBytes + 1));
    await expect(
      sb.tools.str_replace.invoke({ path: "workspace/large.md", old_str: "a", new_str: "b" }, cfg),
    ).rejects.toThrow(/the file is 1048577 bytes, over the 1048576-byte limit of str_replace/);
  });
});

describe("ls", () => {
  it("lists the thread root two levels deep with sizes", async () => {
    const t = threadConfig("ls-thread");
    await sb.tools.write_file.invoke({ path: "workspace/src/deep/x.ts", content: "x" }, t);
    await sb.tools.write_file.invoke({ path: "outputs/report.md", content: "# hi\n" }, t);
    const out = await sb.tools.ls.invoke({}, t);
    expect(out).toBe(
      ["/mnt/user-data/", "  outputs/", "    report.md  (5 B)", "  uploads/", "  workspace/", "    src/"].join("\n"),
    );
    expect(await sb.tools.ls.invoke({ path: "workspace/src" }, t)).toBe(
      ["/mnt/user-data/workspace/src/", "  deep/", "    x.ts  (1 B)"].join("\n"),
    );
    expect(await sb.tools.ls.invoke({ path: "uploads" }, t)).toBe("/mnt/user-data/uploads/\n  (empty)");
    expect(await sb.tools.ls.invoke({ path: "outputs/report.md" }, t)).toBe("/mnt/user-data/outputs/report.md  (5 B)");
  });

  it("shows symlinks without following them, and refuses outward paths", async () => {
    const t = threadConfig("ls-links");
    const d = await ensureThreadDir(sb.root, "ls-links");
    await fs.symlink("/etc", path.join(d, "workspace/etc"));
    expect(await sb.tools.ls.invoke({ path: "workspace" }, t)).toBe("/mnt/user-data/workspace/\n  etc -> (symlink)");
    await expect(sb.tools.ls.invoke({ path: "workspace/etc" }, t)).rejects.toThrow(
      /resolves outside this thread's folder/,
    );
    await expect(sb.tools.ls.invoke({ path: "/" }, t)).rejects.toThrow(/absolute paths must be under/);
  });

  it("stops at the entry cap with a note", async () => {
    const d = await ensureThreadDir(sb.root, "ls-many");
    await Promise.all(
      Array.from({ length: LIMITS.lsEntries + 20 }, (_, i) => fs.writeFile(path.join(d, "workspace", `f${i}`), "")),
    );
    const out = await sb.tools.ls.invoke({ path: "workspace" }, threadConfig("ls-many"));
    expect(out.split("\n")).toHaveLength(LIMITS.lsEntries + 2);
    expect(out).toMatch(/\[listing stopped at 500 entries; list a subfolder to see more\]$/);
  });

  it("needs a thread id", async () => {
    await expect(sb.tools.ls.invoke({}, {})).rejects.toThrow(/configurable\.thread_id is missing/);
  });
});
