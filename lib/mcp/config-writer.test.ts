import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError } from "@/lib/config";
import { ConfigConflictError, etagOf, readExtensions, writeExtensions } from "./config-writer";

let dir: string;
let file: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "fawn-cfgw-"));
  file = path.join(dir, "extensions_config.json");
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const ORIGINAL = `{
  "mcpServers": {
    "b": { "command": "node", "env": { "TOKEN": "\${MY_TOKEN}" } },
    "a": { "type": "http", "url": "http://127.0.0.1:9/mcp" }
  }
}
`;

describe("readExtensions", () => {
  it("reads the servers as written, in file order, with an ETag of the bytes", () => {
    fs.writeFileSync(file, ORIGINAL);
    const snap = readExtensions(file);
    expect(Object.keys(snap.servers)).toEqual(["b", "a"]);
    expect(snap.servers.b.env).toEqual({ TOKEN: "${MY_TOKEN}" });
    expect(snap.etag).toBe(etagOf(ORIGINAL));
    expect(snap.etag).not.toBe(etagOf(`${ORIGINAL} `));
  });

  it("a missing file is an empty one with its own ETag; a broken one names the line", () => {
    expect(readExtensions(file)).toMatchObject({ exists: false, servers: {}, etag: '"absent"' });
    fs.writeFileSync(file, '{\n  "mcpServers": {\n    "x": { ,\n');
    expect(() => readExtensions(file)).toThrow(ConfigError);
    expect(() => readExtensions(file)).toThrow(/invalid JSON/);
  });
});

describe("writeExtensions", () => {
  it("writes atomically, keeps the previous version as .bak, and keeps $VAR references verbatim", () => {
    fs.writeFileSync(file, ORIGINAL);
    fs.chmodSync(file, 0o640);
    const snap = readExtensions(file);
    const etag = writeExtensions(snap, { ...snap.servers, c: { command: "node", args: ["$HOME/x"] } }, {});
    const text = fs.readFileSync(file, "utf8");
    expect(etag).toBe(etagOf(text));
    expect(JSON.parse(text).mcpServers.c.args).toEqual(["$HOME/x"]);
    expect(text).toContain('"${MY_TOKEN}"');
    expect(fs.readFileSync(`${file}.bak`, "utf8")).toBe(ORIGINAL);
    expect(fs.statSync(file).mode & 0o777).toBe(0o640);
    // No temp file is left behind.
    expect(fs.readdirSync(dir).sort()).toEqual(["extensions_config.json", "extensions_config.json.bak"]);
  });

  it("creates the file when there was none (no backup then)", () => {
    const snap = readExtensions(file);
    writeExtensions(snap, { s: { command: "node" } }, {});
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toEqual({ mcpServers: { s: { command: "node" } } });
    expect(fs.existsSync(`${file}.bak`)).toBe(false);
  });

  it("refuses when the file changed since it was read, and writes nothing", () => {
    fs.writeFileSync(file, ORIGINAL);
    const snap = readExtensions(file);
    const handEdit = ORIGINAL.replace('"a"', '"renamed"');
    fs.writeFileSync(file, handEdit);
    expect(() => writeExtensions(snap, { z: { command: "node" } }, {})).toThrow(ConfigConflictError);
    expect(fs.readFileSync(file, "utf8")).toBe(handEdit);
  });

  it("checks the whole file with the loader's schema before writing", () => {
    fs.writeFileSync(file, ORIGINAL);
    const snap = readExtensions(file);
    expect(() => writeExtensions(snap, { ...snap.servers, bad: { type: "http" } }, {})).toThrow(/mcpServers\.bad\.url/);
    expect(() => writeExtensions(snap, { "bad name": { command: "node" } }, {})).toThrow(ConfigError);
    expect(fs.readFileSync(file, "utf8")).toBe(ORIGINAL);
  });
});
