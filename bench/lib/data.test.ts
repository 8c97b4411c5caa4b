import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createToolSearcher } from "@/lib/deferred/search";
import { loadCatalog, loadQueries, loadServerDescriptions, toSearchDocs } from "./data";

const dir = mkdtempSync(path.join(tmpdir(), "fawn-bench-data-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: unknown): string {
  const f = path.join(dir, name);
  writeFileSync(f, typeof content === "string" ? content : JSON.stringify(content));
  return f;
}

const schema = { type: "object", properties: { path: { type: "string", description: "File to read" } } };

describe("loadCatalog", () => {
  it("reads the shared catalog's shape", () => {
    const f = file("shared.json", [
      { name: "read_file", server: "fs", description: "Read a file", inputSchema: schema },
    ]);
    expect(loadCatalog(f)).toEqual([
      { name: "read_file", server: "fs", description: "Read a file", inputSchema: schema },
    ]);
  });

  it("reads a tools/list result as an MCP server sends it: no server, description optional", () => {
    const f = file("mcp.json", {
      tools: [
        { name: "read_file", description: "Read a file", inputSchema: schema },
        { name: "ping", inputSchema: { type: "object" } },
      ],
    });
    const docs = toSearchDocs(loadCatalog(f));
    expect(docs).toEqual([
      { name: "read_file", description: "Read a file", parameters: schema },
      { name: "ping", description: "", parameters: { type: "object" } },
    ]);
    expect(createToolSearcher(docs).search("read file", 5)[0]).toBe("read_file");
  });

  it("reads the schema under the names other catalogs give it", () => {
    const f = file("other.json", [
      { name: "a", server: "s", description: null, input_schema: schema },
      { name: "b", server: "s", description: "", parameters: schema },
      { name: "c", server: "s", description: "" },
    ]);
    expect(loadCatalog(f).map((e) => e.inputSchema)).toEqual([schema, schema, {}]);
  });

  it("names the file, the entry and the field when an entry is wrong", () => {
    const f = file("bad.json", [
      { name: "ok", server: "s", description: "", inputSchema: {} },
      { name: "broken", server: "s", description: 42, inputSchema: {} },
    ]);
    expect(() => loadCatalog(f)).toThrow(`${f}: entry 1 (name "broken"): field "description"`);
    const g = file("noname.json", [{ server: "s", description: "" }]);
    expect(() => loadCatalog(g)).toThrow(`${g}: entry 0: field "name"`);
  });

  it("refuses a duplicate tool name, naming its second entry", () => {
    const f = file("dupe.json", [
      { name: "x", server: "a", description: "", inputSchema: {} },
      { name: "x", server: "b", description: "", inputSchema: {} },
    ]);
    expect(() => loadCatalog(f)).toThrow(`${f}: entry 1 (name "x"): field "name": duplicate tool name`);
  });

  it("says what top level it expected, and when the file is not JSON", () => {
    const f = file("object.json", { servers: [] });
    expect(() => loadCatalog(f)).toThrow(
      `${f}: expected a JSON array at the top level (or an object with a "tools" array)`,
    );
    const g = file("text.json", "{not json");
    expect(() => loadCatalog(g)).toThrow(`${g}: not valid JSON`);
    expect(() => loadCatalog(path.join(dir, "missing.json"))).toThrow("cannot read");
  });
});

describe("loadQueries", () => {
  it("reads labelled queries and names the query of a wrong entry", () => {
    const f = file("q.json", [{ query: "read a file", expected: ["read_file"], style: "natural" }]);
    expect(loadQueries(f)).toEqual([{ query: "read a file", expected: ["read_file"], style: "natural" }]);
    const g = file("qbad.json", [{ query: "list", expected: "read_file", style: "keyword" }]);
    expect(() => loadQueries(g)).toThrow(`${g}: entry 0 (query "list"): field "expected"`);
    const h = file("qobject.json", { tools: [] });
    expect(() => loadQueries(h)).toThrow(`${h}: expected a JSON array at the top level`);
  });

  it("reads a request's steps, each of whose tools must be expected too", () => {
    const request = {
      query: "read notes.md, then mail it to Ana",
      steps: [["read_file"], ["send_email", "gmail_send"]],
      expected: ["read_file", "send_email", "gmail_send"],
      style: "multistep",
    };
    expect(loadQueries(file("steps.json", [request]))).toEqual([request]);
    const g = file("steps-bad.json", [{ ...request, expected: ["read_file", "send_email"] }]);
    expect(() => loadQueries(g)).toThrow(
      `${g}: entry 0 (query "read notes.md, then mail it to Ana"): field "steps": "gmail_send" is not in "expected"`,
    );
    // One step is a request that needs one call among much context (the long sets).
    const one = { ...request, steps: [["read_file"]], expected: ["read_file"] };
    expect(loadQueries(file("steps-one.json", [one]))).toEqual([one]);
    const h = file("steps-none.json", [{ ...request, steps: [] }]);
    expect(() => loadQueries(h)).toThrow(`${h}: entry 0 (query "read notes.md, then mail it to Ana"): field "steps"`);
  });
});

describe("loadServerDescriptions", () => {
  const catalog = [
    { name: "get_balance", server: "wallet", description: "Get the balance", inputSchema: {} },
    { name: "pay", server: "wallet", description: "Pay an invoice", inputSchema: {} },
    { name: "post", server: "social", description: "Create a post", inputSchema: {} },
  ];

  it("gives each tool its server's description, and nothing to a catalog read without one", () => {
    const f = file("servers.json", {
      catalog: "test",
      servers: {
        wallet: { description: "A Lightning wallet", from: "manifest" },
        social: { description: "A social network", instructions: null },
      },
    });
    const docs = toSearchDocs(catalog, loadServerDescriptions(f, catalog));
    expect(docs.map((d) => d.serverDescription)).toEqual([
      "A Lightning wallet",
      "A Lightning wallet",
      "A social network",
    ]);
    expect(toSearchDocs(catalog).some((d) => "serverDescription" in d)).toBe(false);
  });

  it("names the file and the server when the file and the catalog disagree", () => {
    const extra = file("extra.json", {
      catalog: "test",
      servers: { wallet: { description: "w" }, social: { description: "s" }, chat: { description: "c" } },
    });
    expect(() => loadServerDescriptions(extra, catalog)).toThrow(`${extra}: server "chat": no tool of the catalog`);
    const missing = file("missing.json", { catalog: "test", servers: { wallet: { description: "w" } } });
    expect(() => loadServerDescriptions(missing, catalog)).toThrow(`${missing}: server "social": the catalog has`);
    const empty = file("empty.json", { catalog: "test", servers: { wallet: { description: "" } } });
    expect(() => loadServerDescriptions(empty, catalog)).toThrow(`${empty}: field "servers.wallet.description"`);
  });
});
