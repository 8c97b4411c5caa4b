import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { OAuthFlowError } from "./oauth/errors";
import { addServer, adminErrorOf, patchServer, removeServer, replaceServer } from "./servers-admin";

let dir: string;
let file: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "fawn-admin-"));
  file = path.join(dir, "extensions_config.json");
  fs.writeFileSync(file, `${JSON.stringify({ mcpServers: { a: { command: "node" } } }, null, 2)}\n`);
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function failureOf(work: () => unknown) {
  try {
    work();
  } catch (e) {
    return adminErrorOf(e);
  }
  throw new Error("the change went through");
}

describe("adminErrorOf", () => {
  it("a wrong entry is invalid, its message naming the field within the entry", () => {
    expect(failureOf(() => addServer(file, "h", { type: "http" }, { env: {} }))).toEqual({
      kind: "invalid",
      message: "url: a http server needs a url",
    });
  });

  it("an unknown server is not_found; a taken name, a stale ETag and a broken file are conflicts", () => {
    expect(failureOf(() => removeServer(file, "nope", { env: {} }))).toMatchObject({
      kind: "not_found",
      message: expect.stringContaining('no MCP server named "nope"'),
    });
    expect(failureOf(() => addServer(file, "a", { command: "node" }, { env: {} }))).toMatchObject({
      kind: "taken",
      message: 'name: an MCP server named "a" already exists',
    });
    expect(failureOf(() => addServer(file, "b", { command: "node" }, { ifMatch: '"old"', env: {} }))).toMatchObject({
      kind: "conflict",
      message: expect.stringContaining("changed since you read it"),
    });
    fs.writeFileSync(file, '{\n  "mcpServers": {\n    "x": { ,\n');
    expect(failureOf(() => addServer(file, "b", { command: "node" }, { env: {} }))).toMatchObject({
      kind: "conflict",
      message: expect.stringMatching(/^cannot change the file until it is fixed: .*invalid JSON/),
    });
  });

  it("a refused sign-in is upstream; any other error is not an admin failure", () => {
    expect(adminErrorOf(new OAuthFlowError("the authorization server said no", "gh"))).toEqual({
      kind: "upstream",
      message: "the authorization server said no",
    });
    expect(adminErrorOf(new Error("EACCES"))).toBeNull();
    expect(adminErrorOf("a string")).toBeNull();
  });
});

describe("a refused change", () => {
  it("names the field, says what was meant, and leaves the saved file byte for byte as it was", () => {
    const before = fs.readFileSync(file, "utf8");
    const refused: Array<[() => unknown, string]> = [
      [
        () => addServer(file, "b", { command: "node", url: "http://127.0.0.1:3000/mcp" }, { env: {} }),
        'command: both "command" and "url" are set: keep "command" for a program Fawn starts (stdio), or "url" for a server it connects to (http, sse)',
      ],
      [
        () => addServer(file, "b", { url: "ftp://files.example.com/mcp" }, { env: {} }),
        'url: must be an http:// or https:// URL such as "http://127.0.0.1:3000/mcp" (got "ftp://files.example.com/mcp")',
      ],
      [
        () => addServer(file, "b", { type: "websocket", url: "http://127.0.0.1:3000/mcp" }, { env: {} }),
        'type: must be one of "stdio", "sse", "http" (got "websocket")',
      ],
      [() => addServer(file, "b", { comand: "node" }, { env: {} }), 'comand: unknown field (did you mean "command"?)'],
      [
        () => addServer(file, "b", { command: "node", args: ["--port", 3000] }, { env: {} }),
        "args.1: expected text, got the number 3000",
      ],
      [
        () => patchServer(file, "a", { url: "http://127.0.0.1:3000/mcp" }, { env: {} }),
        expect.stringMatching(/^command: both "command" and "url"/) as unknown as string,
      ],
      [
        () => patchServer(file, "a", { enabeld: false }, { env: {} }),
        'enabeld: unknown field (did you mean "enabled"?)',
      ],
      [
        () => replaceServer(file, "a", { command: "node", session_init_timeout: "30" }, { env: {} }),
        'session_init_timeout: expected a number, got the text "30"; write it without quotes',
      ],
    ];
    for (const [change, message] of refused) {
      expect(failureOf(change)).toEqual({ kind: "invalid", message });
      expect(fs.readFileSync(file, "utf8")).toBe(before);
    }
    expect(fs.existsSync(`${file}.bak`)).toBe(false);
  });

  it("a server whose url comes from a variable not set here is saved as typed, as by hand", () => {
    addServer(file, "remote", { url: "${REMOTE_MCP_URL}" }, { env: {} });
    expect(JSON.parse(fs.readFileSync(file, "utf8")).mcpServers.remote).toEqual({ url: "${REMOTE_MCP_URL}" });
  });
});
