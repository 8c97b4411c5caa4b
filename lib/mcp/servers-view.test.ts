import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { McpServersResponseSchema } from "@/lib/contracts/mcp-servers";
import { readExtensions } from "./config-writer";
import { McpOAuth } from "./oauth/service";
import { serversView } from "./servers-view";

function viewOf(servers: Record<string, unknown>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fawn-view-"));
  const file = path.join(dir, "extensions_config.json");
  fs.writeFileSync(file, JSON.stringify({ mcpServers: servers }));
  return serversView(readExtensions(file), null, new McpOAuth(path.join(dir, ".fawn")));
}

describe("serversView without a running app", () => {
  it("names the transport of an entry that does not parse by the loader's own rule", async () => {
    const view = await viewOf({
      // Each is refused by the schema (a bad timeout, an unknown key), yet its transport is clear.
      remote_sse: { type: "sse", url: "http://127.0.0.1:9/sse", session_init_timeout: -1 },
      aliased: { transport: "streamable_http", url: "http://127.0.0.1:9/mcp", bogus: 1 },
      by_url: { url: "http://127.0.0.1:9/mcp", bogus: 1 },
      local: { command: "node", url: "http://127.0.0.1:9/mcp", bogus: 1 },
      // Invalid fields are ignored, not passed on: the answer stays one of the contract's transports.
      garbled: { type: "carrier-pigeon", url: 5, bogus: 1 },
    });
    const transports = Object.fromEntries(view.servers.map((s) => [s.name, s.transport]));
    expect(transports).toEqual({
      remote_sse: "sse",
      aliased: "http",
      by_url: "http",
      local: "stdio",
      garbled: "stdio",
    });
    expect(view.servers.every((s) => s.status === "pending")).toBe(true);
    expect(McpServersResponseSchema.safeParse(view).success).toBe(true);
  });
});
