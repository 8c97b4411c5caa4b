import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inThread, type TempSandbox, bashSandbox } from "@/test/support/sandbox-config";
import { eventually, processesWith, uniqueSleep } from "@/test/support/sandbox-procs";
import { ConfigError } from "@/lib/config";
import { SANDBOX_LIMIT_DEFAULTS } from "@/lib/config/app-config";
import { loadConfiguredTool } from "@/lib/tools/reflect";
import { CappedOutput } from "./bash";
import { LIMITS } from "./limits";
import { ensureThreadDir } from "./paths";

const cfg = inThread("bash-thread");

describe("bash when sandbox.bash is off", () => {
  let sb: TempSandbox;
  beforeAll(async () => {
    sb = await bashSandbox({ bash: "off" });
  });
  afterAll(() => sb.cleanup());

  it("refuses with a message naming the setting, running nothing", async () => {
    const marker = path.join(sb.base, "ran");
    await expect(sb.tools.bash.invoke({ command: `touch ${marker}` }, cfg)).rejects.toThrow(
      /bash is off on this server \(`sandbox\.bash: off` in config\.yaml\)/,
    );
    expect(fs.existsSync(marker)).toBe(false);
  });
});

// The same contract in the bubblewrap sandbox and on the host.
describe.each(["bwrap", "host"] as const)("bash (sandbox.bash: %s)", (mode) => {
  let sb: TempSandbox;
  let dir: string;
  beforeAll(async () => {
    sb = await bashSandbox({ bash: mode, timeoutS: 1 });
    dir = await ensureThreadDir(sb.root, "bash-thread");
  });
  afterAll(() => sb.cleanup());

  it("is named bash and has no schema defaults", () => {
    expect(sb.tools.bash.name).toBe("bash");
    expect(JSON.stringify(sb.tools.bash.schema)).not.toContain('"default"');
  });

  it("runs in the thread folder, shown as /mnt/user-data, and reports the exit code", async () => {
    const out = await sb.tools.bash.invoke({ command: "pwd; ls; echo hi > workspace/x.txt; echo oops >&2" }, cfg);
    expect(out).toBe("/mnt/user-data\noutputs\nuploads\nworkspace\noops\n[exit code 0]");
    expect(fs.readFileSync(path.join(dir, "workspace/x.txt"), "utf8")).toBe("hi\n");
    expect(await sb.tools.bash.invoke({ command: "exit 3" }, cfg)).toBe("(no output)\n[exit code 3]");
  });

  it("passes only PATH, HOME and LANG, none of the server's environment", async () => {
    process.env.OPENAI_API_KEY = "sk-test-should-not-leak";
    process.env.FAWN_API_TOKEN = "tok-should-not-leak";
    try {
      const out: string = await sb.tools.bash.invoke({ command: "env" }, cfg);
      expect(out).not.toContain("sk-test-should-not-leak");
      expect(out).not.toContain("tok-should-not-leak");
      const names = out
        .split("\n")
        .filter((l) => /^[A-Za-z_][A-Za-z0-9_]*=/.exec(l) !== null)
        .map((l) => l.split("=")[0] ?? "");
      expect(names).toEqual(expect.arrayContaining(["PATH", "HOME", "LANG"]));
      // bash adds PWD, SHLVL and _ itself.
      expect(names.filter((n) => !["PATH", "HOME", "LANG", "PWD", "SHLVL", "_", "OLDPWD"].includes(n))).toEqual([]);
      expect(out).toContain("HOME=/mnt/user-data\n");
    } finally {
      delete process.env.OPENAI_API_KEY;
      delete process.env.FAWN_API_TOKEN;
    }
  });

  it("on timeout, kills the command and what it started, and returns", async () => {
    const s = uniqueSleep();
    const out = await sb.tools.bash.invoke({ command: `sleep ${s} & sleep ${s}; wait` }, cfg);
    expect(out).toMatch(/\[timed out after 1 s: the command and everything it started were killed\]$/);
    expect(await eventually(() => processesWith(s).length === 0), `left running: ${processesWith(s)}`).toBe(true);
  });

  it("ends background processes when the command finishes", async () => {
    const s = uniqueSleep();
    const out = await sb.tools.bash.invoke({ command: `sleep ${s} & echo started` }, cfg);
    expect(out).toBe("started\n[exit code 0]");
    expect(await eventually(() => processesWith(s).length === 0), `left running: ${processesWith(s)}`).toBe(true);
  });

  it("caps output, keeping head and tail, with a note", async () => {
    const out = await sb.tools.bash.invoke(
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
    const s = uniqueSleep();
    const ac = new AbortController();
    const call = sb.tools.bash.invoke({ command: `sleep ${s}` }, { ...cfg, signal: ac.signal });
    expect(await eventually(() => processesWith(s).length > 0)).toBe(true);
    ac.abort();
    // LangChain rejects an aborted invoke itself; the tool's own listener kills the process group.
    await expect(call).rejects.toThrow(/abort/i);
    expect(await eventually(() => processesWith(s).length === 0), `left running: ${processesWith(s)}`).toBe(true);
  });

  it("kills what the command moved to a session of its own when the run is cancelled", async () => {
    // Out of the command's process group (as the sandbox's own init is, in bwrap's new session): found below
    // the command's leader and killed too.
    const s = uniqueSleep();
    const ac = new AbortController();
    const call = sb.tools.bash.invoke({ command: `setsid sleep ${s} & wait` }, { ...cfg, signal: ac.signal });
    expect(await eventually(() => processesWith(s).length > 0)).toBe(true);
    ac.abort();
    await expect(call).rejects.toThrow(/abort/i);
    expect(await eventually(() => processesWith(s).length === 0), `left running: ${processesWith(s)}`).toBe(true);
  });
});

describe("bash settings", () => {
  it("a bad timeout_s is refused when the tool is built from config.yaml, naming the entry and the field", async () => {
    const toolContext = {
      sandbox: { root: "/nonexistent", mode: "host" as const, network: false, limits: SANDBOX_LIMIT_DEFAULTS },
    };
    const err = await loadConfiguredTool({ name: "bash", use: "@/lib/sandbox:bash_tool", timeout_s: -1 }, 3, {
      file: "/srv/fawn/config.yaml",
      baseDir: "/srv/fawn",
      toolContext,
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ConfigError);
    expect(String((err as Error).message)).toMatch(
      /\/srv\/fawn\/config\.yaml.*tools\[3\]\.use.*tools\[bash\]\.timeout_s must be .* got -1/,
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
