import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { threadConfig, useTempSandbox } from "@/test/support/sandbox";
import { eventually, processesWith, uniqueSleep } from "@/test/support/sandbox-procs";
import { removeThreadFolder } from "./thread-folder";

let sb: Awaited<ReturnType<typeof useTempSandbox>>;
beforeAll(async () => {
  sb = await useTempSandbox({ bash: "bwrap", bashTimeoutS: 120 });
});
afterAll(() => sb.cleanup());

describe("removeThreadFolder", () => {
  it("kills the thread's running commands, waits for them, then removes the folder", async () => {
    const marker = uniqueSleep();
    const other = uniqueSleep();
    const call = sb.tools.bash.invoke(
      { command: `echo started > workspace/w.txt; sleep ${marker}` },
      threadConfig("doomed"),
    );
    const bystander = sb.tools.bash.invoke({ command: `sleep ${other}` }, threadConfig("bystander"));
    expect(await eventually(() => processesWith(marker).length > 0 && processesWith(other).length > 0, 20_000)).toBe(
      true,
    );
    expect(await removeThreadFolder(sb.root, "doomed")).toBe(true);
    expect(processesWith(marker)).toEqual([]);
    expect(fs.existsSync(sb.threadDir("doomed"))).toBe(false);
    expect(String(await call)).toMatch(/killed by SIGKILL/);
    // Another thread's command is not touched.
    expect(processesWith(other).length).toBeGreaterThan(0);
    expect(await removeThreadFolder(sb.root, "bystander")).toBe(true);
    await bystander;
  });

  it("answers false for a thread without a folder and refuses a bad id", async () => {
    expect(await removeThreadFolder(sb.root, "never-made")).toBe(false);
    await expect(removeThreadFolder(sb.root, "../x")).rejects.toThrow(/thread id/);
    await expect(removeThreadFolder(path.join(sb.base, "no-root"), "t")).resolves.toBe(false);
  });
});
