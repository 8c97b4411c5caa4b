/**
 * Field mistakes of a hand-edited config.yaml and extensions_config.json, loaded from real files through the real
 * loader: each names file, line and field, says what was expected and what was found, and for a typo of a known key
 * or option, the one that was meant.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError } from "./errors";
import { closest } from "./issues";
import { loadConfigFiles, resolveConfigPaths } from "./load";

const MIN = "models:\n  - name: demo\n    model: demo\n";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "fawn-issues-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function loadError(yaml: string, servers?: Record<string, unknown>, env: Record<string, string> = {}): string {
  fs.writeFileSync(path.join(dir, "config.yaml"), yaml);
  fs.writeFileSync(
    path.join(dir, "extensions_config.json"),
    servers ? JSON.stringify({ mcpServers: servers }, null, 2) : "{}",
  );
  try {
    loadConfigFiles(resolveConfigPaths({ config: path.join(dir, "config.yaml") }, {}), env);
  } catch (e) {
    if (e instanceof ConfigError) return e.message.replace(`${dir}${path.sep}`, "");
    throw e;
  }
  throw new Error("expected a ConfigError");
}

describe("unknown keys", () => {
  it("a typo of a known key says which one was meant, at every depth", () => {
    expect(loadError(`${MIN}tool_serch:\n  enabled: true\n`)).toBe(
      'config.yaml:4: tool_serch: unknown key (did you mean "tool_search"?)',
    );
    expect(loadError(`${MIN}tool_search:\n  max_result: 3\n`)).toBe(
      'config.yaml:5: tool_search.max_result: unknown key (did you mean "max_results"?)',
    );
    expect(loadError(`${MIN}sandbox:\n  limits:\n    memory: 4096\n`)).toBe(
      'config.yaml:6: sandbox.limits.memory: unknown key (did you mean "memory_mb"?)',
    );
    // A camelCase spelling of a snake_case key, inside a discriminated union.
    expect(loadError(`${MIN}checkpointer:\n  type: postgres\n  url: postgres://h/d\n  poolSize: 4\n`)).toBe(
      'config.yaml:7: checkpointer.poolSize: unknown key (did you mean "pool_size"?)',
    );
    expect(loadError(MIN, { a: { comand: "node" } })).toMatch(
      /^extensions_config\.json:4: mcpServers\.a\.comand: unknown key \(did you mean "command"\?\)/,
    );
    expect(loadError(MIN, { a: { command: "node", tools: { t: { defr: "always" } } } })).toBe(
      'extensions_config.json:7: mcpServers.a.tools.t.defr: unknown key (did you mean "defer"?)',
    );
  });

  it("a key like none of them lists the keys that are known there", () => {
    expect(loadError(`${MIN}subagents:\n  workers: 3\n`)).toBe(
      "config.yaml:5: subagents.workers: unknown key (known keys: enabled, max_concurrent, max_per_run)",
    );
  });

  it("closest() takes one typo per four letters, a swapped pair, another case or separator, or a shortened key", () => {
    expect(closest("enabeld", ["enabled", "env"])).toBe("enabled");
    expect(closest("sessionInitTimeout", ["session_init_timeout"])).toBe("session_init_timeout");
    expect(closest("cpu", ["cpu_s", "memory_mb"])).toBe("cpu_s");
    expect(closest("gpu", ["cpu_s", "memory_mb"])).toBeUndefined();
    expect(closest("zzzz", ["enabled"])).toBeUndefined();
  });
});

describe("wrong types", () => {
  it("says what was expected and what was found, with the fix for a quoted value", () => {
    expect(loadError(`${MIN}tool_search:\n  max_results: "5"\n`)).toBe(
      'config.yaml:5: tool_search.max_results: expected a number, got the text "5"; write it without quotes',
    );
    expect(loadError(`${MIN}tool_search:\n  enabled: "true"\n`)).toBe(
      'config.yaml:5: tool_search.enabled: expected true or false, got the text "true"; write it without quotes',
    );
    expect(loadError(`${MIN}tool_search:\n  max_results: 2.5\n`)).toBe(
      "config.yaml:5: tool_search.max_results: expected a whole number, got 2.5",
    );
  });

  it("a list where a map goes, a map where a list goes, and an empty section", () => {
    expect(loadError(`${MIN}tool_search:\n  - enabled: true\n`)).toBe(
      "config.yaml:4: tool_search: expected a map (key: value lines), got a list",
    );
    expect(loadError("models:\n  name: demo\n  model: demo\n")).toBe(
      "config.yaml:1: models: expected a list (lines starting with '- '), got a map (key: value lines)",
    );
    expect(loadError(`${MIN}tool_search:\n`)).toBe(
      "config.yaml:4: tool_search: is empty: expected a map (key: value lines) under it (or delete the line)",
    );
    expect(loadError(MIN, { a: { command: "node", args: "--flag" } })).toBe(
      'extensions_config.json:5: mcpServers.a.args: expected an array ([...]), got the text "--flag"',
    );
  });

  it("a number from a variable is text, and the message says so", () => {
    expect(loadError(`${MIN}tool_search:\n  max_results: \${N:-7}\n`)).toBe(
      'config.yaml:5: tool_search.max_results: expected a number, got the text "7" (from "${N:-7}": a variable always expands to text)',
    );
  });
});

describe("values out of range and unknown options", () => {
  it("names the limit and the value", () => {
    expect(loadError(`${MIN}tool_search:\n  max_results: -1\n`)).toBe(
      "config.yaml:5: tool_search.max_results: must be at least 1 (got -1)",
    );
    expect(loadError(`${MIN}tool_search:\n  max_results: 0\n`)).toBe(
      "config.yaml:5: tool_search.max_results: must be at least 1 (got 0)",
    );
    expect(loadError(`${MIN}tool_search:\n  max_results: 100000\n`)).toBe(
      "config.yaml:5: tool_search.max_results: must be at most 20 (got 100000)",
    );
    expect(loadError(`${MIN}tool_search:\n  max_results: 1e400\n`)).toBe(
      "config.yaml:5: tool_search.max_results: is too large a number",
    );
    expect(loadError(`${MIN}mcp:\n  idle_timeout: 0\n`)).toBe(
      "config.yaml:5: mcp.idle_timeout: must be more than 0 (got 0)",
    );
    expect(loadError(`${MIN}sandbox:\n  root: ""\n`)).toBe("config.yaml:5: sandbox.root: must not be empty");
  });

  it("lists the options, the value given and the nearest option", () => {
    expect(loadError(`${MIN}sandbox:\n  bash: docker\n`)).toBe(
      'config.yaml:5: sandbox.bash: must be one of "bwrap", "host", "off" (got "docker")',
    );
    expect(loadError(`${MIN}sandbox:\n  bash: bwarp\n`)).toBe(
      'config.yaml:5: sandbox.bash: must be one of "bwrap", "host", "off" (got "bwarp"); did you mean "bwrap"?',
    );
    expect(loadError(`${MIN}checkpointer:\n  type: mysql\n`)).toBe(
      'config.yaml:5: checkpointer.type: must be one of "sqlite", "postgres" (got "mysql")',
    );
    expect(loadError(`${MIN}    base_url: api.openai.com\n`)).toBe(
      'config.yaml:4: models[0].base_url: must be a URL such as "https://api.example.com/v1" (got "api.openai.com")',
    );
  });

  it("a bad server name says what a name may be", () => {
    expect(loadError(MIN, { "my server": { command: "node" } })).toBe(
      "extensions_config.json:3: mcpServers.my server: is not a valid name: server names must match ^[A-Za-z0-9_-]{1,32}$",
    );
  });
});
