import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { buildInventory } from "@/lib/agent/inventory";
import { FawnRuntime } from "@/lib/agent/runtime";
import { formatInventoryTable } from "@/bin/format";
import { inThread, bashSandbox } from "@/test/support/sandbox-config";
import { probeBwrap } from "./availability";
import { findBwrap } from "./bwrap";

/**
 * Where bubblewrap is missing or cannot create its namespaces, bash is not offered, the tools
 * panel, `fawn tools` and the log say how to install it, and a call that arrives anyway runs
 * nothing: never a silent fallback to the host. FAWN_BWRAP points the probe at a missing program,
 * or at one that fails as bwrap does where user namespaces are forbidden.
 */
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "fawn-avail-"));
const failing = path.join(scratch, "bwrap-no-userns");
fs.writeFileSync(failing, "#!/bin/sh\necho 'bwrap: No permissions to create new namespace' >&2\nexit 1\n", {
  mode: 0o755,
});

const runtimes: FawnRuntime[] = [];
afterEach(() => {
  delete process.env.FAWN_BWRAP;
});
afterAll(async () => {
  await Promise.all(runtimes.map((r) => r.close()));
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** A config folder whose config.yaml configures bash with the given sandbox mode. */
function configWith(bash: string): { config: string; extensions: string } {
  const dir = fs.mkdtempSync(path.join(scratch, "cfg-"));
  const config = path.join(dir, "config.yaml");
  fs.writeFileSync(
    config,
    "models:\n  - name: demo\n    model: fawn-demo\ncheckpointer:\n  path: threads.sqlite\n" +
      `sandbox:\n  root: sandbox\n  bash: ${bash}\n` +
      'tools:\n  - name: bash\n    use: "@/lib/sandbox:bash_tool"\n  - name: ls\n    use: "@/lib/sandbox:ls_tool"\n',
  );
  const extensions = path.join(dir, "extensions_config.json");
  fs.writeFileSync(extensions, '{"mcpServers": {}}');
  return { config, extensions };
}

async function inventoryOf(bash: string) {
  const rt = new FawnRuntime(configWith(bash));
  runtimes.push(rt);
  const inv = buildInventory(await rt.get());
  return { names: inv.tools.map((t) => t.name), warnings: inv.warnings, table: formatInventoryTable(inv) };
}

describe("probeBwrap", () => {
  it("finds the installed bubblewrap and its features", async () => {
    const probe = await probeBwrap();
    expect(probe).toMatchObject({ ok: true, path: findBwrap(), features: { disableUserns: true, tmpfsSize: true } });
  });

  it("a missing bwrap: says how to install it", async () => {
    process.env.FAWN_BWRAP = path.join(scratch, "nowhere/bwrap");
    const probe = await probeBwrap();
    expect(probe.ok).toBe(false);
    if (!probe.ok) expect(probe.reason).toMatch(/bubblewrap is not installed .*`apt-get install bubblewrap`/);
  });

  it("a bwrap that cannot create namespaces: quotes it and names the likely cause", async () => {
    process.env.FAWN_BWRAP = failing;
    const probe = await probeBwrap();
    expect(probe.ok).toBe(false);
    if (!probe.ok) {
      expect(probe.reason).toContain("cannot create its sandbox here: bwrap: No permissions to create new namespace");
      expect(probe.reason).toMatch(/user namespaces/);
    }
  });
});

describe("whether bash is offered", () => {
  it("bwrap available: offered, no warning", async () => {
    const inv = await inventoryOf("bwrap");
    expect(inv.names).toContain("bash");
    expect(inv.warnings).toEqual([]);
  });

  it("bwrap missing: not offered; the inventory and `fawn tools` say how to install it", async () => {
    process.env.FAWN_BWRAP = path.join(scratch, "nowhere/bwrap");
    const inv = await inventoryOf("bwrap");
    expect(inv.names).toContain("ls");
    expect(inv.names).not.toContain("bash");
    expect(inv.warnings).toEqual([expect.stringMatching(/^bash is not offered: .*`apt-get install bubblewrap`/)]);
    expect(inv.table).toMatch(/^warning: bash is not offered: .*apt-get install bubblewrap/m);
  });

  it("host: offered, with a warning that it is unconfined", async () => {
    process.env.FAWN_BWRAP = path.join(scratch, "nowhere/bwrap");
    const inv = await inventoryOf("host");
    expect(inv.names).toContain("bash");
    expect(inv.warnings).toEqual([expect.stringMatching(/bash runs commands unconfined on this machine/)]);
  });

  it("off: not offered, without a warning", async () => {
    const inv = await inventoryOf("off");
    expect(inv.names).not.toContain("bash");
    expect(inv.warnings).toEqual([]);
  });

  it("a call that arrives while bwrap cannot run is refused and runs nothing on the host", async () => {
    const sb = await bashSandbox({ bash: "bwrap" });
    try {
      process.env.FAWN_BWRAP = failing;
      const marker = path.join(sb.base, "ran-on-host");
      await expect(sb.tools.bash.invoke({ command: `touch ${marker}` }, inThread("t"))).rejects.toThrow(
        /bash is unavailable: bubblewrap .* cannot create its sandbox here/,
      );
      expect(fs.existsSync(marker)).toBe(false);
    } finally {
      await sb.cleanup();
    }
  });
});
