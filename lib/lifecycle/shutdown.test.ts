import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@/test/support/repo";
import { tsNodeArgs } from "@/test/support/spawn-http";
import { onShutdown, shutdown } from "./shutdown";

describe("shutdown", () => {
  it("runs the steps once, in order; a failing or stuck step does not stop the others", async () => {
    const ran: string[] = [];
    onShutdown("mcp", 20, async () => ran.push("mcp"));
    onShutdown("runs", 10, async () => {
      ran.push("runs");
      throw new Error("a run would not stop");
    });
    onShutdown("stuck", 15, () => new Promise(() => ran.push("stuck")));
    onShutdown("commands", 30, async () => ran.push("commands"));
    onShutdown("mcp", 20, async () => ran.push("mcp (replaced)"));
    const first = shutdown("check", 100);
    const again = shutdown("check again", 100);
    await Promise.all([first, again]);
    expect(ran).toEqual(["runs", "stuck", "mcp (replaced)", "commands"]);
  });
});

describe("installSignalHandlers", () => {
  it("on SIGTERM runs the steps, then the listeners installed before (Next's), once for repeated signals", async () => {
    const child = spawn(process.execPath, tsNodeArgs("test/support/shutdown-child.ts"), {
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, FAWN_LOG_LEVEL: "error" },
    });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      out += d;
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", () => out.includes("ready") && resolve());
      child.once("exit", (code) => reject(new Error(`exited early (${code})`)));
    });
    const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
    child.kill("SIGTERM");
    child.kill("SIGTERM");
    expect(await exited).toBe(143);
    expect(out.trim().split("\n")).toEqual(["ready", "step first", "step second", "earlier listener"]);
  });
});
