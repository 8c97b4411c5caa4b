// Integration: the CLI entry point as a real child process, over stdio and over Streamable HTTP.
import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "@/test/support/repo";
import { spawnHttpServer, tsNodeArgs, type SpawnedHttpServer } from "@/test/support/spawn-http";

const MAIN = "servers/workbench/main.ts";
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "workbench-main-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function textOf(result: unknown): string {
  return (result as CallToolResult).content.map((c) => (c.type === "text" ? c.text : "")).join("");
}

async function exercise(client: Client): Promise<void> {
  const { tools } = await client.listTools();
  expect(tools).toHaveLength(17);
  expect(tools.map((t) => t.name)).toContain("notes_search");
  expect(
    JSON.parse(textOf(await client.callTool({ name: "calculate", arguments: { expression: "6 * 7" } }))).result,
  ).toBe(42);
  const added = JSON.parse(
    textOf(await client.callTool({ name: "notes_add", arguments: { title: `via ${Math.random()}` } })),
  );
  const listed = JSON.parse(textOf(await client.callTool({ name: "notes_list", arguments: {} })));
  expect(listed.notes.map((n: { id: string }) => n.id)).toContain(added.id);
  const bad = (await client.callTool({
    name: "current_time",
    arguments: { timezone: "Nowhere/Land" },
  })) as CallToolResult;
  expect(bad.isError).toBe(true);
  expect(textOf(bad)).toContain("Invalid argument 'timezone'");
}

describe("workbench over stdio", () => {
  it("starts with process.execPath, lists and calls tools", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: tsNodeArgs(MAIN, ["stdio", "--data", dir]),
      cwd: REPO_ROOT,
      stderr: "pipe",
    });
    const client = new Client({ name: "test", version: "1" });
    await client.connect(transport);
    try {
      expect(client.getServerVersion()?.name).toBe("workbench");
      await exercise(client);
    } finally {
      await client.close();
    }
  });

  it("exits 2 with usage on bad arguments", () => {
    const run = spawnSync(process.execPath, tsNodeArgs(MAIN, ["http", "--port", "nope"]), {
      cwd: REPO_ROOT,
      encoding: "utf8",
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("--port must be a number 0-65535, got 'nope'");
    expect(run.stderr).toContain("usage:");
  });
});

describe("workbench over Streamable HTTP", () => {
  let server: SpawnedHttpServer;
  beforeAll(async () => {
    server = await spawnHttpServer(MAIN, ["--data", dir]);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("prints its URL, lists and calls tools (stateless: several clients in turn)", async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    for (let i = 0; i < 2; i++) {
      const client = new Client({ name: "test", version: "1" });
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
      try {
        await exercise(client);
      } finally {
        await client.close();
      }
    }
  });

  it("answers plain HTTP misuse with JSON errors", async () => {
    const base = new URL(server.url);
    expect((await fetch(new URL("/healthz", base))).status).toBe(200);
    expect((await fetch(new URL("/nope", base))).status).toBe(404);
    const get = await fetch(base);
    expect(get.status).toBe(405);
    const parse = await fetch(base, { method: "POST", body: "{", headers: { "content-type": "application/json" } });
    expect(parse.status).toBe(400);
    expect((await parse.json()).error.code).toBe(-32700);
  });

  it("refuses a foreign Host header (DNS-rebinding protection on loopback)", async () => {
    const { port } = new URL(server.url);
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          path: "/mcp",
          method: "POST",
          headers: {
            host: `evil.example:${port}`,
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode);
        },
      );
      req.on("error", reject);
      req.end(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }));
    });
    expect(status).toBe(403);
  });
});
