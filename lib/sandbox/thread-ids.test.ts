/** Every id the API accepts works with the file tools and bash (issue 9, finding 11: `x.y` broke them). */
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isThreadId } from "@/lib/contracts/thread-id";
import { threadConfig, useTempSandbox } from "@/test/support/sandbox";

let sb: Awaited<ReturnType<typeof useTempSandbox>>;
beforeAll(async () => {
  sb = await useTempSandbox({ bash: "bwrap" });
});
afterAll(() => sb.cleanup());

describe.each(["x.y", "x..y", "run:42", "a.b-c_d", "x"])("thread id %j", (id) => {
  const cfg = threadConfig(id);

  it("is one the API accepts", () => {
    expect(isThreadId(id)).toBe(true);
  });

  it("write_file, read_file, ls and bash all work in its own folder", async () => {
    expect(String(await sb.tools.write_file.invoke({ path: "workspace/n.md", content: `for ${id}\n` }, cfg))).toContain(
      "/mnt/user-data/workspace/n.md",
    );
    expect(await fs.readFile(path.join(sb.threadDir(id), "workspace/n.md"), "utf8")).toBe(`for ${id}\n`);
    expect(String(await sb.tools.read_file.invoke({ path: "/mnt/user-data/workspace/n.md" }, cfg))).toContain(
      `for ${id}`,
    );
    expect(String(await sb.tools.ls.invoke({ path: "workspace" }, cfg))).toContain("n.md");
    // bash runs in the thread's folder, and sees no other thread's beside it.
    const bash = String(await sb.tools.bash.invoke({ command: "pwd; cat workspace/n.md; ls .." }, cfg));
    expect(bash.split("\n")).toEqual(["/mnt/user-data", `for ${id}`, "user-data", "[exit code 0]"]);
  });
});

it("threads x and x.y keep separate files", async () => {
  expect(await fs.readFile(path.join(sb.threadDir("x"), "workspace/n.md"), "utf8")).toBe("for x\n");
  expect(await fs.readFile(path.join(sb.threadDir("x.y"), "workspace/n.md"), "utf8")).toBe("for x.y\n");
});
