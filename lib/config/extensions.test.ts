/**
 * MCP server entries a person gets wrong by hand, loaded from a real extensions_config.json through the real
 * loader: a server with both `command` and `url`, a URL that is not http(s), and an unset variable, which fails
 * only its own server, with that as the reason.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError } from "./errors";
import { type LoadedConfig, loadConfigFiles, resolveConfigPaths } from "./load";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "fawn-ext-"));
  fs.writeFileSync(path.join(dir, "config.yaml"), "models:\n  - name: demo\n    model: demo\n");
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function load(servers: Record<string, unknown>, env: Record<string, string> = {}): LoadedConfig {
  fs.writeFileSync(path.join(dir, "extensions_config.json"), JSON.stringify({ mcpServers: servers }, null, 2));
  return loadConfigFiles(resolveConfigPaths({ config: path.join(dir, "config.yaml") }, {}), env);
}
function loadError(servers: Record<string, unknown>, env: Record<string, string> = {}): string {
  try {
    load(servers, env);
  } catch (e) {
    if (e instanceof ConfigError) return e.message.replace(`${dir}${path.sep}`, "");
    throw e;
  }
  throw new Error("expected a ConfigError");
}

describe("command and url", () => {
  it("both on one server is refused (one of them would be silently ignored), saying which way to go", () => {
    expect(loadError({ a: { command: "node", url: "http://127.0.0.1:3000/mcp" } })).toBe(
      'extensions_config.json:4: mcpServers.a.command: both "command" and "url" are set: keep "command" for a program Fawn starts (stdio), or "url" for a server it connects to (http, sse)',
    );
    expect(loadError({ a: { type: "stdio", command: "node", url: "http://127.0.0.1:3000/mcp" } })).toBe(
      'extensions_config.json:6: mcpServers.a.url: is for http and sse servers; this stdio server runs "command": remove one of them',
    );
    expect(loadError({ a: { type: "http", command: "node", url: "http://127.0.0.1:3000/mcp" } })).toBe(
      'extensions_config.json:5: mcpServers.a.command: is for stdio servers; this http server is reached at "url": remove one of them',
    );
  });
});

describe("url", () => {
  it("must be http(s), naming the value given", () => {
    expect(loadError({ a: { url: "ftp://files.example.com/mcp" } })).toBe(
      'extensions_config.json:4: mcpServers.a.url: must be an http:// or https:// URL such as "http://127.0.0.1:3000/mcp" (got "ftp://files.example.com/mcp")',
    );
    expect(loadError({ a: { type: "http", url: "localhost:3000/mcp" } })).toMatch(
      /^extensions_config\.json:5: mcpServers\.a\.url: must be an http:\/\/ or https:\/\/ URL .*\(got "localhost:3000\/mcp"\)$/,
    );
    expect(loadError({ a: { type: "sse", url: "ws://127.0.0.1/sse" } })).toMatch(/mcpServers\.a\.url: must be an http/);
  });

  it("a value from a variable is checked once expanded", () => {
    expect(load({ a: { url: "${MCP_URL}" } }, { MCP_URL: "https://mcp.example.com/mcp" }).servers[0].config.url).toBe(
      "https://mcp.example.com/mcp",
    );
    expect(loadError({ a: { url: "${MCP_URL}" } }, { MCP_URL: "mcp.example.com" })).toMatch(
      /^extensions_config\.json:4: mcpServers\.a\.url: must be an http:\/\/ or https:\/\/ URL .*\(got "mcp\.example\.com"\)/,
    );
  });

  it("an unset variable fails only its server, for that reason, not for the empty value it left", () => {
    const { servers } = load({ remote: { url: "${MCP_URL}" }, local: { command: "node" } });
    expect(servers.map((s) => [s.name, s.transport, s.error])).toEqual([
      ["remote", "http", "mcpServers.remote.url: $MCP_URL is not set in the environment"],
      ["local", "stdio", undefined],
    ]);
    // Disabled, it is no error at all.
    expect(load({ remote: { enabled: false, url: "${MCP_URL}" } }).servers[0].error).toBeUndefined();
  });
});
