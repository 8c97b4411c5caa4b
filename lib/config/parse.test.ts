/**
 * Syntax mistakes of a hand-edited config.yaml or extensions_config.json, loaded from real files through the real
 * loader: each is a ConfigError naming the file and the line to fix, phrased for a person, never a parser's stack.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError } from "./errors";
import { loadConfigFiles, resolveConfigPaths } from "./load";

const MIN = "models:\n  - name: demo\n    model: demo\n";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "fawn-syntax-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Write both files and load them; the ConfigError's message with the folder cut off. */
function loadError(yaml: string, json = '{"mcpServers": {}}'): string {
  fs.writeFileSync(path.join(dir, "config.yaml"), yaml);
  fs.writeFileSync(path.join(dir, "extensions_config.json"), json);
  try {
    loadConfigFiles(resolveConfigPaths({ config: path.join(dir, "config.yaml") }, {}), {});
  } catch (e) {
    if (e instanceof ConfigError) return e.message.replace(`${dir}${path.sep}`, "");
    throw e;
  }
  throw new Error("expected a ConfigError");
}
const jsonError = (json: string) => loadError(MIN, json);

describe("extensions_config.json syntax", () => {
  it("a trailing comma is named as such, at the line that has it", () => {
    expect(jsonError('{\n  "mcpServers": {\n    "a": {\n      "command": "node",\n    }\n  }\n}\n')).toBe(
      'extensions_config.json:4: invalid JSON: a comma after the last entry is not allowed in JSON: delete the "," at the end of this line',
    );
  });

  it("a comment is named as such", () => {
    expect(jsonError('{\n  // my servers\n  "mcpServers": {}\n}\n')).toMatch(
      /^extensions_config\.json:2: invalid JSON: comments are not allowed in JSON/,
    );
    expect(jsonError('{\n  "mcpServers": {\n    /* off */\n  }\n}\n')).toMatch(
      /^extensions_config\.json:3: invalid JSON: comments are not allowed in JSON/,
    );
  });

  it("a missing comma is reported at the line that lacks it", () => {
    expect(
      jsonError('{\n  "mcpServers": {\n    "a": {\n      "command": "node"\n      "args": []\n    }\n  }\n}\n'),
    ).toBe("extensions_config.json:4: invalid JSON: a comma is missing at the end of this line (before line 5)");
  });

  it("single quotes, an unclosed string, a cut-off file and an empty file each say what is wrong", () => {
    expect(jsonError("{\n  'mcpServers': {}\n}\n")).toMatch(
      /^extensions_config\.json:2: invalid JSON: JSON takes double quotes/,
    );
    expect(jsonError('{\n  "mcpServers": {\n    "a": {\n      "command": "node\n    }\n  }\n}\n')).toMatch(
      /^extensions_config\.json:4: invalid JSON: a string is not closed on this line/,
    );
    expect(jsonError('{\n  "mcpServers": {\n    "a": {\n      "command": "node"\n')).toBe(
      "extensions_config.json:4: invalid JSON: the file ends before every { and [ is closed",
    );
    expect(jsonError("")).toBe('extensions_config.json: the file is empty: write {"mcpServers": {}} for none');
    // No parser jargon is left: neither "position" nor "in JSON at".
    expect(jsonError('{"mcpServers": {"a": {"command": "node"}}, }')).not.toMatch(/position|in JSON at/);
  });

  it("a byte-order mark (as Notepad writes) is not an error", () => {
    fs.writeFileSync(path.join(dir, "config.yaml"), MIN);
    fs.writeFileSync(path.join(dir, "extensions_config.json"), '\uFEFF{"mcpServers": {"a": {"command": "node"}}}');
    const loaded = loadConfigFiles(resolveConfigPaths({ config: path.join(dir, "config.yaml") }, {}), {});
    expect(loaded.servers.map((s) => s.name)).toEqual(["a"]);
  });

  it("two servers of one name are named, with both lines (JSON.parse would silently keep the last)", () => {
    const json =
      '{\n  "mcpServers": {\n    "a": {\n      "command": "node"\n    },\n    "a": {\n      "command": "python"\n    }\n  }\n}\n';
    expect(jsonError(json)).toBe(
      'extensions_config.json:6: mcpServers.a: two servers are named "a" (also on line 3): rename or remove one',
    );
    const field =
      '{\n  "mcpServers": {\n    "a": {\n      "command": "node",\n      "command": "python"\n    }\n  }\n}\n';
    expect(jsonError(field)).toBe(
      'extensions_config.json:5: mcpServers.a.command: "command" is written twice (also on line 4): remove one',
    );
  });
});

describe("config.yaml syntax", () => {
  it("a duplicate key names the key and both lines", () => {
    expect(loadError(`${MIN}tool_search:\n  max_results: 3\n  max_results: 4\n`)).toBe(
      'config.yaml:6: tool_search.max_results: "max_results" is written twice (also on line 5): remove one',
    );
    expect(
      loadError(`${MIN}tool_search:\n  enabled: true\nmcp:\n  idle_timeout: 5\ntool_search:\n  enabled: false\n`),
    ).toBe('config.yaml:8: tool_search: "tool_search" is written twice (also on line 4): remove one');
  });

  it("an unclosed quote is reported where it opens, not at the end of the file", () => {
    expect(loadError(`${MIN}tool_search:\n  listing: "names\n  max_results: 3\n`)).toBe(
      'config.yaml:5: invalid YAML: the " opened here (column 12) is never closed',
    );
    expect(loadError(`${MIN}sandbox:\n  root: 'abc\n`)).toBe(
      "config.yaml:5: invalid YAML: the ' opened here (column 9) is never closed",
    );
  });

  it("a tab, a bad indentation and a second document each say what to do", () => {
    expect(loadError(`${MIN}tool_search:\n\tmax_results: 3\n`)).toBe(
      "config.yaml:5: invalid YAML: a tab is used to indent; indent with spaces",
    );
    expect(loadError(`${MIN}tool_search:\n  enabled: true\n   max_results: 3\n`)).toMatch(
      /^config\.yaml:5: invalid YAML: .* \(column 12\); check the indentation of this line and the next/,
    );
    expect(loadError(`${MIN}---\nfoo: 1\n`)).toBe(
      'config.yaml:4: invalid YAML: a second document starts here ("---"); the file holds one: delete this line',
    );
  });

  it("an alias without its anchor is a ConfigError at its line, not a crash", () => {
    expect(loadError(`${MIN}tool_search: *defaults\n`)).toBe(
      'config.yaml:4: invalid YAML: the alias "*defaults" has no "&defaults" anchor before it',
    );
  });
});
