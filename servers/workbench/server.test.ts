// In-process: createWorkbenchServer wired to an SDK Client over the in-memory transport.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorkbenchServer } from "./server";

const EXPECTED_TOOLS = [
  "calculate",
  "convert_units",
  "current_time",
  "date_diff",
  "date_add",
  "text_stats",
  "regex_test",
  "hash_text",
  "base64_encode",
  "base64_decode",
  "generate_uuid",
  "json_query",
  "csv_to_json",
  "notes_add",
  "notes_list",
  "notes_search",
  "notes_delete",
];

let dir: string;
let client: Client;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "workbench-server-"));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createWorkbenchServer({ dataDir: dir, now: () => new Date("2026-05-01T10:00:00Z") }).connect(serverSide);
  client = new Client({ name: "test", version: "1" });
  await client.connect(clientSide);
});
afterAll(async () => {
  await client.close();
  await rm(dir, { recursive: true, force: true });
});

async function call(name: string, args: Record<string, unknown>) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((c) => (c.type === "text" ? c.text : "")).join("");
  return { isError: result.isError === true, text, json: () => JSON.parse(text) };
}

describe("workbench server", () => {
  it("lists its tools with snake_case names and described parameters", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(EXPECTED_TOOLS);
    expect(tools.map((t) => t.name)).not.toContain("weather_lookup");
    for (const tool of tools) {
      expect(tool.name).toMatch(/^[a-z][a-z0-9_]{0,63}$/);
      expect(tool.description!.length, tool.name).toBeGreaterThan(60);
      expect(tool.title, tool.name).toBeTruthy();
      for (const [param, schema] of Object.entries(tool.inputSchema.properties ?? {})) {
        expect((schema as { description?: string }).description, `${tool.name}.${param}`).toBeTruthy();
      }
    }
  });

  it("keeps optional parameters optional in the JSON Schema", async () => {
    const { tools } = await client.listTools();
    const calc = tools.find((t) => t.name === "calculate")!;
    expect(calc.inputSchema.required).toEqual(["expression"]);
  });

  it("calls tools across groups", async () => {
    expect((await call("calculate", { expression: "(1 + 0.05)^2 * 100", decimals: 2 })).json().result).toBe(110.25);
    expect((await call("convert_units", { value: 10, from: "km", to: "mi" })).json().result).toBeCloseTo(6.21371, 4);
    expect((await call("current_time", { timezone: "Europe/Paris" })).json()).toMatchObject({
      time: "12:00:00",
      utc_offset: "+02:00",
    });
    expect((await call("date_add", { date: "2026-05-01", amount: 30, unit: "days" })).json().date).toBe("2026-05-31");
    expect((await call("hash_text", { text: "abc", algorithm: "md5" })).json().digest).toBe(
      "900150983cd24fb0d6963f7d28e17f72",
    );
    expect((await call("json_query", { json: '{"a":[{"b":7}]}', path: "a[0].b" })).json().value).toBe(7);
    expect((await call("csv_to_json", { csv: "x,y\n1,2" })).json().rows).toEqual([{ x: 1, y: 2 }]);
  });

  it("persists notes through add, search, list and delete", async () => {
    const added = (
      await call("notes_add", { title: "Lisbon trip", body: "Book the tram tour", tags: ["travel"] })
    ).json();
    expect(added).toMatchObject({ title: "Lisbon trip", tags: ["travel"], created_at: "2026-05-01T10:00:00.000Z" });
    expect((await call("notes_search", { query: "tram" })).json().results[0].id).toBe(added.id);
    expect((await call("notes_list", { tag: "travel" })).json().total).toBe(1);
    expect((await call("notes_delete", { id: added.id })).isError).toBe(false);
    const again = await call("notes_delete", { id: added.id });
    expect(again).toMatchObject({ isError: true });
    expect(again.text).toContain(`notes_delete: Invalid argument 'id': no note with id '${added.id}'`);
  });

  it("returns isError results that name the tool and the argument", async () => {
    const bad = await call("calculate", { expression: "2 +* 3" });
    expect(bad.isError).toBe(true);
    expect(bad.text).toBe("calculate: Invalid argument 'expression': Unexpected '*' at position 3");
    const unit = await call("convert_units", { value: 1, from: "kg", to: "m" });
    expect(unit.text).toContain("Invalid argument 'to': cannot convert mass (kg) to length (m)");
  });

  it("reports schema violations as isError results naming the field", async () => {
    const missing = await call("date_add", { date: "2026-01-01", amount: 1 });
    expect(missing.isError).toBe(true);
    expect(missing.text).toMatch(/Invalid arguments for tool date_add/);
    expect(missing.text).toContain("unit");
  });
});
