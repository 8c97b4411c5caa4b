import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildInventory } from "@/lib/agent/inventory";
import { FawnRuntime } from "@/lib/agent/runtime";
import { loadConfigFiles, resolveConfigPaths } from "@/lib/config";
import { mcpSandboxExposure } from "./mcp-exposure";
import { REPO_ROOT } from "@/test/support/repo";

/**
 * Finding 4: the shipped filesystem MCP server was given the whole sandbox root, so one thread read
 * and overwrote another's files. The shipped config now relies on the sandbox file tools (per
 * thread) instead, and any stdio server configured with a path onto the sandbox is warned about.
 */
const FILESYSTEM_SERVER = path.join(REPO_ROOT, "node_modules/@modelcontextprotocol/server-filesystem/dist/index.js");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "fawn-exposure-"));
const runtimes: FawnRuntime[] = [];
afterAll(async () => {
  await Promise.all(runtimes.map((r) => r.close()));
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** A config folder with the sandbox root at data/sandbox and these MCP servers. */
function configWith(servers: Record<string, unknown>) {
  const dir = fs.mkdtempSync(path.join(scratch, "cfg-"));
  const config = path.join(dir, "config.yaml");
  fs.writeFileSync(
    config,
    "models:\n  - name: demo\n    model: fawn-demo\ncheckpointer:\n  path: data/threads.sqlite\nsandbox:\n  root: data/sandbox\n",
  );
  const extensions = path.join(dir, "extensions_config.json");
  fs.writeFileSync(extensions, JSON.stringify({ mcpServers: servers }));
  return { dir, config, extensions };
}

const stdio = (...args: string[]) => ({ command: "node", args });

describe("mcpSandboxExposure", () => {
  it("the shipped configuration gives no MCP server the sandbox", () => {
    const shipped = loadConfigFiles(
      resolveConfigPaths({
        config: path.join(REPO_ROOT, "config.yaml"),
        extensions: path.join(REPO_ROOT, "extensions_config.json"),
      }),
    );
    expect(shipped.servers.map((s) => s.name)).not.toContain("filesystem");
    expect(mcpSandboxExposure(shipped)).toEqual([]);
  });

  it("warns about the old shipped filesystem entry, naming the server, the argument and the root", () => {
    const paths = configWith({ filesystem: stdio(FILESYSTEM_SERVER, "data/sandbox") });
    const warnings = mcpSandboxExposure(loadConfigFiles(resolveConfigPaths(paths)));
    expect(warnings).toEqual([
      expect.stringMatching(
        /^extensions_config\.json: mcpServers\.filesystem\.args\[1\] "data\/sandbox" gives this server the sandbox folder .*data\/sandbox, that is every thread's files/,
      ),
    ]);
    expect(warnings[0]).toMatch(/use the sandbox file tools \(ls, read_file, write_file, str_replace\)/);
  });

  it("flags a folder above or inside the root, a --flag=path and a cwd; not a sibling, a disabled or an HTTP server", () => {
    const paths = configWith({
      above: stdio("server.js", "."),
      inside: stdio("server.js", "data/sandbox/threads/abc"),
      flag: stdio("server.js", "--root=data/sandbox"),
      cwd: { command: "node", args: ["server.js", "."], cwd: "data/sandbox/threads" },
      sibling: stdio("server.js", "--data", "data/workbench"),
      disabled: { ...stdio("server.js", "data/sandbox"), enabled: false },
      remote: { url: "http://127.0.0.1:1/mcp" },
    });
    const flagged = mcpSandboxExposure(loadConfigFiles(resolveConfigPaths(paths))).map((w) =>
      /mcpServers\.(\w+)\.(\S+)/.exec(w)?.slice(1, 3).join("."),
    );
    expect(flagged).toEqual(["above.args[1]", "inside.args[1]", "flag.args[1]", "cwd.cwd"]);
  });

  it("the warning reaches the tools inventory when such a server is configured (real filesystem server)", async () => {
    const paths = configWith({ filesystem: stdio(FILESYSTEM_SERVER, "data/sandbox") });
    const rt = new FawnRuntime(paths);
    runtimes.push(rt);
    const inv = buildInventory(await rt.get());
    // Lazy: started once to list its tools (which it did), then asleep.
    expect(inv.mcp_servers.find((s) => s.name === "filesystem")).toMatchObject({ status: "sleeping", tools: 14 });
    expect(inv.warnings).toEqual(
      expect.arrayContaining([expect.stringMatching(/mcpServers\.filesystem\.args\[1\] .*every thread's files/)]),
    );
  });
});
