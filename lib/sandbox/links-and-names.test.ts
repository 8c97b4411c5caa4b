import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bashSandbox, inThread, type TempSandbox } from "@/test/support/sandbox-config";
import { uploadOne } from "@/test/support/sandbox";
import { listOutputs, listServable, readThreadFile } from "./files";
import { ensureThreadDir } from "./paths";

/**
 * Finding 14: a hard link to a file outside the thread (`ln /etc/hostname outputs/hard` from bash
 * on the host) passed every path check and was served by read_file and /content; file names with
 * bidi controls were accepted. Both are refused now, naming the path.
 */
const T = "links-thread";
const cfg = inThread(T);
let sb: TempSandbox;
let dir: string;
let outside: string;

beforeAll(async () => {
  sb = await bashSandbox({ bash: "host", timeoutS: 10 });
  dir = await ensureThreadDir(sb.root, T);
  outside = path.join(sb.base, "outside-secret.txt");
  await fs.writeFile(outside, "OUTSIDE SECRET\n");
});
afterAll(() => sb.cleanup());

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => "no error",
    (e: Error) => e.message,
  );

describe("hard links", () => {
  beforeAll(async () => {
    // What `ln <outside file> outputs/hard` does from bash on the host.
    expect(await sb.tools.bash.invoke({ command: `ln ${outside} outputs/hard && echo linked` }, cfg)).toBe(
      "linked\n[exit code 0]",
    );
  });

  it("read_file and str_replace refuse a hard link, naming the path", async () => {
    const read = await refusal(sb.tools.read_file.invoke({ path: "outputs/hard" }, cfg));
    expect(read).toMatch(/^path "outputs\/hard" refused: it is a hard link \(the file has 2 names\)/);
    expect(read).not.toContain("OUTSIDE SECRET");
    const edit = await refusal(
      sb.tools.str_replace.invoke({ path: "outputs/hard", old_str: "SECRET", new_str: "x" }, cfg),
    );
    expect(edit).toMatch(/"outputs\/hard" refused: it is a hard link/);
  });

  it("write_file refuses it before changing anything, so the outside file is intact", async () => {
    for (const append of [false, true]) {
      const msg = await refusal(
        sb.tools.write_file.invoke({ path: "outputs/hard", content: "overwritten", append }, cfg),
      );
      expect(msg).toMatch(/"outputs\/hard" refused: it is a hard link/);
    }
    expect(await fs.readFile(outside, "utf8")).toBe("OUTSIDE SECRET\n");
  });

  it("the /content route (which reads through readThreadFile) and the outputs list do not serve it", async () => {
    await expect(readThreadFile(sb.root, T, "outputs/hard")).rejects.toThrow(
      /"outputs\/hard" refused: it is a hard link/,
    );
    expect((await listOutputs(sb.root, T)).map((f) => f.path)).not.toContain("/mnt/user-data/outputs/hard");
  });

  it("in the bubblewrap sandbox no such link can be made: nothing outside is visible or linkable", async () => {
    const bwrap = await bashSandbox({ bash: "bwrap", timeoutS: 10, base: sb.base });
    const out: string = await bwrap.tools.bash.invoke(
      { command: `ln ${outside} outputs/h1; ln /etc/alternatives/awk outputs/h2; ln /usr/bin/env outputs/h3` },
      cfg,
    );
    expect(out).toMatch(/outside-secret\.txt': No such file or directory/);
    expect(out.match(/Invalid cross-device link|Operation not permitted/g)?.length).toBe(2);
  });

  it.skipIf(process.getuid?.() !== 0)("a file owned by another user is refused too", async () => {
    await fs.writeFile(path.join(dir, "workspace/foreign.txt"), "theirs\n");
    await fs.chown(path.join(dir, "workspace/foreign.txt"), 65534, 65534);
    expect(await refusal(sb.tools.read_file.invoke({ path: "workspace/foreign.txt" }, cfg))).toMatch(
      /"workspace\/foreign.txt" refused: it belongs to another user \(uid 65534\)/,
    );
  });

  it("a file with one name is read and written as before", async () => {
    expect(await sb.tools.write_file.invoke({ path: "outputs/own.md", content: "mine" }, cfg)).toMatch(/^Wrote/);
    expect(await sb.tools.write_file.invoke({ path: "outputs/own.md", content: "!", append: true }, cfg)).toMatch(
      /^Appended/,
    );
    expect(await sb.tools.read_file.invoke({ path: "outputs/own.md" }, cfg)).toBe("mine!");
  });
});

describe("names with invisible format characters", () => {
  const RLO = "\u202E";
  const spoof = `outputs/report${RLO}fdp.exe`;

  it.each([
    ["right-to-left override U+202E", spoof, "\\u202E"],
    ["left-to-right isolate U+2066", "outputs/a\u2066b.txt", "\\u2066"],
    ["right-to-left mark U+200F", "workspace/x\u200F.md", "\\u200F"],
    ["zero-width space U+200B", "workspace/a\u200Bb.md", "\\u200B"],
  ])("write_file refuses a %s, naming the path with it spelled out", async (_label, p, spelled) => {
    const msg = await refusal(sb.tools.write_file.invoke({ path: p, content: "x" }, cfg));
    expect(msg).toMatch(/refused: contains an invisible format character/);
    expect(msg).toContain(spelled);
    expect(msg).not.toMatch(/\p{Cf}/u);
  });

  it("a file bash named so is listed with the character spelled out, and neither served nor listed as output", async () => {
    await fs.writeFile(path.join(dir, `outputs/report${RLO}fdp.exe`), "x");
    const listing = await sb.tools.ls.invoke({ path: "outputs" }, cfg);
    expect(listing).toContain("report\\u202Efdp.exe");
    expect(listing).not.toContain(RLO);
    await expect(readThreadFile(sb.root, T, spoof)).rejects.toThrow(/invisible format character/);
    expect((await listOutputs(sb.root, T)).some((f) => f.path.includes("fdp"))).toBe(false);
  });

  it("the uploads listing leaves out, as the outputs listing does, such names and hard links that bash made", async () => {
    await fs.writeFile(path.join(dir, `uploads/invoice${RLO}fdp.exe`), "x");
    await fs.link(outside, path.join(dir, "uploads/hard-upload"));
    await fs.writeFile(path.join(dir, "uploads/plain.txt"), "x");
    const listed = (await listServable(sb.root, T, "uploads")).map((f) => f.path);
    expect(listed).toContain("/mnt/user-data/uploads/plain.txt");
    expect(listed.some((p) => p.includes("fdp") || p.includes("hard-upload"))).toBe(false);
  });

  it("an upload's name loses such characters", async () => {
    const saved = await uploadOne(sb.root, T, `invoice${RLO}fdp.exe`, Buffer.from("x"));
    expect(saved.filename).toBe("invoice_fdp.exe");
  });
});
