import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CappedOutput, bash_tool } from "./bash";
import { LIMITS } from "./limits";
import { ensureThreadDir } from "./paths";
import { threadConfig, useTempSandbox } from "@/test/support/sandbox";

/** Alive and not a zombie (an orphan may wait for a reaper that a container's PID 1 never runs). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

/** Waits until the process is gone; under load a killed process can take a moment to be reaped. */
async function gone(pid: number, withinMs = 2000): Promise<boolean> {
  const until = Date.now() + withinMs;
  while (alive(pid)) {
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}

const cfg = threadConfig("bash-thread");

describe("bash when sandbox.allow_host_bash is false", () => {
  let sb: Awaited<ReturnType<typeof useTempSandbox>>;
  beforeAll(async () => {
    sb = await useTempSandbox({ allowHostBash: false });
  });
  afterAll(() => sb.cleanup());

  it("refuses with a message saying how to enable it, running nothing", async () => {
    const marker = path.join(sb.base, "ran");
    await expect(bash_tool.invoke({ command: `touch ${marker}` }, cfg)).rejects.toThrow(
      /bash is disabled on this server\. .*`sandbox\.allow_host_bash: true` in config\.yaml/,
    );
    expect(fs.existsSync(marker)).toBe(false);
  });
});

describe("bash when allowed", () => {
  let sb: Awaited<ReturnType<typeof useTempSandbox>>;
  let dir: string;
  beforeAll(async () => {
    sb = await useTempSandbox({ allowHostBash: true, bashTimeoutS: 1 });
    dir = await ensureThreadDir("bash-thread");
  });
  afterAll(() => sb.cleanup());

  it("is named bash and has no schema defaults", () => {
    expect(bash_tool.name).toBe("bash");
    expect(JSON.stringify(bash_tool.schema)).not.toContain('"default"');
  });

  it("runs in the thread folder, shown as /mnt/user-data, and reports the exit code", async () => {
    const out = await bash_tool.invoke({ command: "pwd; ls; echo hi > workspace/x.txt; echo oops >&2" }, cfg);
    expect(out).toBe("/mnt/user-data\noutputs\nuploads\nworkspace\noops\n[exit code 0]");
    expect(fs.readFileSync(path.join(dir, "workspace/x.txt"), "utf8")).toBe("hi\n");
    expect(await bash_tool.invoke({ command: "exit 3" }, cfg)).toBe("(no output)\n[exit code 3]");
  });

  it("passes only PATH, HOME and LANG from the server's environment", async () => {
    process.env.OPENAI_API_KEY = "sk-test-should-not-leak";
    process.env.FAWN_TEST_TOKEN = "tok-should-not-leak";
    try {
      const out = await bash_tool.invoke({ command: "env" }, cfg);
      expect(out).not.toContain("sk-test-should-not-leak");
      expect(out).not.toContain("tok-should-not-leak");
      const names = out
        .split("\n")
        .filter((l) => /^[A-Za-z_][A-Za-z0-9_]*=/.test(l))
        .map((l) => l.split("=")[0]);
      expect(names).toEqual(expect.arrayContaining(["PATH", "HOME", "LANG"]));
      // bash adds PWD, SHLVL and _ itself.
      expect(names.filter((n) => !["PATH", "HOME", "LANG", "PWD", "SHLVL", "_", "OLDPWD"].includes(n))).toEqual([]);
      expect(out).toContain("HOME=/mnt/user-data\n");
    } finally {
      delete process.env.OPENAI_API_KEY;
      delete process.env.FAWN_TEST_TOKEN;
    }
  });

  it("kills the whole process group on timeout and returns promptly", async () => {
    const started = Date.now();
    const out = await bash_tool.invoke(
      { command: "echo $$ > workspace/bash.pid; sleep 5 & echo $! > workspace/sleep.pid; wait" },
      cfg,
    );
    const elapsed = Date.now() - started;
    expect(out).toMatch(/\[timed out after 1 s: the command and everything it started were killed\]$/);
    expect(elapsed).toBeLessThan(2500);
    for (const f of ["bash.pid", "sleep.pid"]) {
      const pid = Number(fs.readFileSync(path.join(dir, "workspace", f), "utf8"));
      expect(pid).toBeGreaterThan(0);
      expect(await gone(pid), `${f} ${pid} still running`).toBe(true);
    }
  });

  it("ends background processes when the command finishes", async () => {
    const started = Date.now();
    const out = await bash_tool.invoke({ command: "sleep 30 & echo $!" }, cfg);
    expect(Date.now() - started).toBeLessThan(900);
    const pid = Number(out.split("\n")[0]);
    expect(await gone(pid)).toBe(true);
  });

  it("caps output, keeping head and tail, with a note", async () => {
    const out = await bash_tool.invoke(
      { command: "echo START; head -c 100000 /dev/zero | tr '\\0' a; echo; echo END" },
      cfg,
    );
    // Assert on slices: a failure should not print 100 KB.
    expect(out.slice(0, 10)).toBe("START\naaaa");
    expect(out.match(/\[… .* omitted …\]/)?.[0]).toBe("[… 66 KB omitted …]");
    expect(out.slice(-120)).toMatch(
      /a\nEND\n\[output truncated: 98 KB in all, showing the first and last 16 KB\]\n\[exit code 0\]$/,
    );
    expect(Buffer.byteLength(out)).toBeLessThan(LIMITS.bashOutputBytes + 300);
  });

  it("kills the command when the run is cancelled", async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 300);
    const started = Date.now();
    // LangChain rejects an aborted invoke itself; the tool's own listener kills the process group.
    await expect(
      bash_tool.invoke({ command: "echo $$ > workspace/cancel.pid; sleep 5" }, { ...cfg, signal: ac.signal }),
    ).rejects.toThrow(/abort/i);
    expect(Date.now() - started).toBeLessThan(900);
    // The command runs 5 s if nothing kills it; gone() gives up after 2 s.
    const pidFile = path.join(dir, "workspace/cancel.pid");
    for (let i = 0; i < 50 && !fs.existsSync(pidFile); i++) await new Promise((r) => setTimeout(r, 20));
    const pid = Number(fs.readFileSync(pidFile, "utf8"));
    expect(await gone(pid)).toBe(true);
  });
});

describe("bash settings", () => {
  let sb: Awaited<ReturnType<typeof useTempSandbox>>;
  afterAll(() => sb.cleanup());

  it("names a bad timeout_s setting", async () => {
    sb = await useTempSandbox({ allowHostBash: true, bashTimeoutS: -1 });
    await expect(bash_tool.invoke({ command: "true" }, cfg)).rejects.toThrow(
      /config\.yaml tools\[bash\]\.timeout_s must be .* got -1/,
    );
  });
});

describe("CappedOutput", () => {
  it("keeps everything under the cap and head plus tail over it", () => {
    const c = new CappedOutput(10);
    c.push(Buffer.from("abc"));
    c.push(Buffer.from("def"));
    expect(c.text()).toBe("abcdef");
    c.push(Buffer.from("ghijklmnop"));
    expect(c.truncated).toBe(true);
    expect(c.text()).toBe("abcde\n[… 6 B omitted …]\nlmnop");
  });
});
