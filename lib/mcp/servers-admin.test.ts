import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { OAuthFlowError } from "./oauth/errors";
import { addServer, adminErrorOf, removeServer } from "./servers-admin";

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
      kind: "conflict",
      message: 'an MCP server named "a" already exists',
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
