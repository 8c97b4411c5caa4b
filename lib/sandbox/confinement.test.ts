import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { inThread, type TempSandbox, bashSandbox } from "@/test/support/sandbox-config";
import { eventually, processesWith, uniqueSleep } from "@/test/support/sandbox-procs";
import { ensureThreadDir } from "./paths";
import { REPO_ROOT } from "@/test/support/repo";

/**
 * What bash cannot do in the bubblewrap sandbox (real bwrap, no stubs): see the server's
 * environment, the thread database or another thread's files (finding 5); leave a process behind
 * after its call, its timeout or the death of the process that started it (finding 6); write
 * outside its folder, use the network unless allowed, or exceed its limits.
 */
const A = inThread("thread-a");
const run = (sb: TempSandbox, command: string, cfg = A) => sb.tools.bash.invoke({ command }, cfg);

describe("bwrap: the command sees its own folder and nothing of the server", () => {
  let sb: TempSandbox;
  let otherDir: string;
  beforeAll(async () => {
    sb = await bashSandbox({ bash: "bwrap", timeoutS: 10 });
    await ensureThreadDir(sb.root, "thread-a");
    otherDir = await ensureThreadDir(sb.root, "thread-b");
    fs.writeFileSync(path.join(otherDir, "workspace/secret.txt"), "SECRET-OF-THREAD-B");
    // Where the checkpointer keeps every conversation: next to the sandbox root, as .fawn/threads.sqlite is.
    fs.writeFileSync(path.join(sb.base, "threads.sqlite"), "SECRET-DATABASE");
  });
  afterAll(() => sb.cleanup());

  it("cannot read the server's environment (FAWN_API_TOKEN) through /proc", async () => {
    process.env.FAWN_API_TOKEN = "tok-finding-5";
    try {
      const out = await run(
        sb,
        `cat /proc/$PPID/environ; cat /proc/1/environ; cat /proc/${process.pid}/environ; ` +
          "for f in /proc/[0-9]*/environ; do cat $f; done; echo; echo PPID=$PPID",
      );
      expect(out).not.toContain("tok-finding-5");
      // The parent is the sandbox's own init (bwrap, started with an empty environment).
      expect(out).toContain("PPID=1");
    } finally {
      delete process.env.FAWN_API_TOKEN;
    }
  });

  it("cannot read the thread database nor any other thread's folder, by relative or host path", async () => {
    const out = await run(
      sb,
      `cat ../../../threads.sqlite ${sb.base}/threads.sqlite ../thread-b/workspace/secret.txt ` +
        `${otherDir}/workspace/secret.txt; ls -a /mnt /mnt/user-data/..; ls ${sb.root}`,
    );
    expect(out).not.toContain("SECRET-DATABASE");
    expect(out).not.toContain("SECRET-OF-THREAD-B");
    expect(out).toContain("No such file or directory");
    expect(out).toMatch(/^\.\n\.\.\nuser-data$/m);
  });

  it("writes only its own folder: the system is read-only and /tmp is private to the call", async () => {
    const out = await run(
      sb,
      "touch /usr/x /etc/x /x /dev/x /mnt/x 2>&1; echo data > /tmp/t && cat /tmp/t; echo ok > outputs/ok.txt",
    );
    expect(out.match(/Read-only file system/g)?.length).toBe(5);
    expect(out).toContain("data");
    expect(fs.readFileSync(path.join(sb.threadDir("thread-a"), "outputs/ok.txt"), "utf8")).toBe("ok\n");
    expect(await run(sb, "ls /tmp /dev/shm")).toBe("/dev/shm:\n\n/tmp:\n[exit code 0]");
  });

  it("runs as an unprivileged user without capabilities, with the configured limits in force", async () => {
    const out = await run(
      sb,
      "id -u; grep CapEff /proc/self/status; ulimit -t; ulimit -v; ulimit -f; ulimit -u; ulimit -H -t; ulimit -t 999",
    );
    expect(out).toMatch(/^1000\nCapEff:\s+0+\n60\n2097152\n1048576\n256\n61\n/);
    expect(out).toMatch(/cannot modify limit/);
  });
});

describe("bwrap: limits and network", () => {
  let sb: TempSandbox;
  let listener: net.Server;
  let port: number;
  beforeAll(async () => {
    listener = net.createServer((s) => s.end("HELLO-FROM-HOST\n"));
    await new Promise<void>((r) => listener.listen(0, "127.0.0.1", r));
    port = (listener.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    listener.close();
    await sb?.cleanup();
  });

  it("has no network by default", async () => {
    sb = await bashSandbox({ bash: "bwrap", timeoutS: 10 });
    const out = await run(sb, `cat < /dev/tcp/127.0.0.1/${port}; ls /sys/class/net 2>/dev/null; cat /proc/net/dev`);
    expect(out).not.toContain("HELLO-FROM-HOST");
    expect(out).toMatch(/Connection refused|Network is unreachable/);
    expect(out).not.toMatch(/eth0|ens|enp/);
  });

  it("reaches the network with sandbox.network: true", async () => {
    await sb.cleanup();
    sb = await bashSandbox({ bash: "bwrap", network: true, timeoutS: 10 });
    expect(await run(sb, `cat < /dev/tcp/127.0.0.1/${port}`)).toBe("HELLO-FROM-HOST\n[exit code 0]");
  });

  it("stops a command at the CPU, file size and memory limits, saying which", async () => {
    await sb.cleanup();
    sb = await bashSandbox({ bash: "bwrap", timeoutS: 20, limits: { cpu_s: 1, file_mb: 1, memory_mb: 256 } });
    expect(await run(sb, "while :; do :; done")).toMatch(
      /\[exit code 152\]\n\[killed by SIGXCPU: .*CPU time limit of 1 s\]$/,
    );
    expect(await run(sb, "head -c 3000000 /dev/zero > workspace/big")).toMatch(
      /File size limit exceeded[\s\S]*SIGXFSZ/,
    );
    expect(fs.statSync(path.join(sb.threadDir("thread-a"), "workspace/big")).size).toBe(1024 * 1024);
    expect(await run(sb, "python3 -c 'x = bytearray(512 * 1024 * 1024)'")).toMatch(/MemoryError/);
  });
});

describe("bwrap: nothing outlives its call (finding 6)", () => {
  let sb: TempSandbox;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    sb = await bashSandbox({ bash: "bwrap", timeoutS: 1 });
  });
  afterEach(() => {
    for (const c of children.splice(0)) c.kill("SIGKILL");
  });
  afterAll(() => sb.cleanup());

  it("a `setsid cmd &` and a plain background job end with the call", async () => {
    const s = uniqueSleep();
    expect(await run(sb, `setsid sleep ${s} & sleep ${s} & disown; echo started`)).toBe("started\n[exit code 0]");
    expect(await eventually(() => processesWith(s).length === 0), `left running: ${processesWith(s)}`).toBe(true);
  });

  it("a `setsid cmd &` ends at the call's timeout", async () => {
    const s = uniqueSleep();
    expect(await run(sb, `setsid sleep ${s} & sleep ${s}`)).toMatch(/\[timed out after 1 s/);
    expect(await eventually(() => processesWith(s).length === 0), `left running: ${processesWith(s)}`).toBe(true);
  });

  it("everything ends when the process that started the call is SIGKILLed", async () => {
    const s = uniqueSleep();
    const child = spawn(process.execPath, ["--import", "tsx", "test/support/sandbox-bash-runner.ts", "bwrap"], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        FAWN_COMMAND: `setsid sleep ${s} & sleep ${s} & sleep ${s}`,
        FAWN_MARKER: s,
        // Both bwrap processes and bash carry the command line too.
        FAWN_EXPECT: "6",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    children.push(child);
    const first = await new Promise<string>((resolve) => child.stdout?.once("data", (d: Buffer) => resolve(`${d}`)));
    expect(first.trim().split(" ").length).toBeGreaterThan(6);
    child.kill("SIGKILL");
    expect(await eventually(() => processesWith(s).length === 0), `left running: ${processesWith(s)}`).toBe(true);
  });

  it("on the host (sandbox.bash: host), the command's process group ends when the server exits", async () => {
    const s = uniqueSleep();
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "test/support/sandbox-bash-runner.ts", "host", "exit-when-running"],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, FAWN_COMMAND: `sleep ${s} & sleep ${s}`, FAWN_MARKER: s, FAWN_EXPECT: "3" },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    children.push(child);
    const exited = new Promise((r) => child.once("exit", r));
    const line = await new Promise<string>((resolve) => child.stdout?.once("data", (d: Buffer) => resolve(`${d}`)));
    // The runner saw bash and both sleeps running, then exited mid-call.
    expect(line.trim().split(" ").length).toBeGreaterThan(3);
    await exited;
    expect(await eventually(() => processesWith(s).length === 0), `left running: ${processesWith(s)}`).toBe(true);
  });
});
