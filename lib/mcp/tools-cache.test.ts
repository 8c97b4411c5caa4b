import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { server } from "@/test/support/mcp-servers";
import { AppConfigSchema } from "@/lib/config/app-config";
import { serverIdentity, ToolsCache, toolsCacheDir } from "./tools-cache";

const tools: Tool[] = [
  { name: "echo", description: "Echo text", inputSchema: { type: "object", properties: { text: { type: "string" } } } },
  { name: "add", inputSchema: { type: "object", properties: {} }, annotations: { readOnlyHint: true } },
];
const SECRET = "tok-9f8e7d6c5b4a";
const srv = server("gh", { command: "node", args: ["srv.js"], env: { GITHUB_TOKEN: SECRET } });

function fresh() {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "fawn-cache-")), "mcp-cache");
  return { dir, cache: new ToolsCache(dir), id: serverIdentity(srv, "/base") };
}

describe("ToolsCache", () => {
  it("gives back what was written, under the same config", () => {
    const { cache, id } = fresh();
    const at = cache.write("gh", id, { tools, malformed: ["bad one"] });
    expect(cache.read("gh", id)).toEqual({ tools, malformed: ["bad one"], cachedAt: at, description: null });
    const described = cache.write("gh", id, { tools, malformed: [], description: "GitHub: issues and pull requests" });
    expect(cache.read("gh", id)).toEqual({
      tools,
      malformed: [],
      cachedAt: described,
      description: "GitHub: issues and pull requests",
    });
  });

  it("reads a file written before descriptions were kept: no description, the same tools", () => {
    const { dir, cache, id } = fresh();
    cache.write("gh", id, { tools, malformed: [], description: "GitHub" });
    const file = path.join(dir, "gh.json");
    const { server_description: _, ...older } = JSON.parse(fs.readFileSync(file, "utf8"));
    fs.writeFileSync(file, JSON.stringify(older));
    expect(cache.read("gh", id)).toMatchObject({ tools, description: null });
  });

  it("writes one 0600 file per server in a 0700 folder, atomically, with no env or header value in clear", () => {
    const { dir, cache, id } = fresh();
    cache.write("gh", id, { tools, malformed: [] });
    cache.write("gh", id, { tools, malformed: [] });
    expect(fs.readdirSync(dir)).toEqual(["gh.json"]);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dir, "gh.json")).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(path.join(dir, "gh.json"), "utf8")).not.toContain(SECRET);
  });

  it("a changed config (a new token, other args, another folder) is a miss", () => {
    const { cache, id } = fresh();
    cache.write("gh", id, { tools, malformed: [] });
    const rotated = server("gh", { command: "node", args: ["srv.js"], env: { GITHUB_TOKEN: "tok-rotated-0000" } });
    expect(cache.read("gh", serverIdentity(rotated, "/base"))).toBeNull();
    const args = server("gh", { command: "node", args: ["other.js"], env: { GITHUB_TOKEN: SECRET } });
    expect(cache.read("gh", serverIdentity(args, "/base"))).toBeNull();
    expect(cache.read("gh", serverIdentity(srv, "/elsewhere"))).toBeNull();
    // Settings that do not start the server differently keep the cache.
    const described = server("gh", {
      command: "node",
      args: ["srv.js"],
      env: { GITHUB_TOKEN: SECRET },
      description: "x",
    });
    expect(cache.read("gh", serverIdentity(described, "/base"))).not.toBeNull();
  });

  it("a file that was edited, cut short or belongs to another server is a miss, never a wrong catalog", () => {
    const { dir, cache, id } = fresh();
    cache.write("gh", id, { tools, malformed: [] });
    const file = path.join(dir, "gh.json");
    const good = fs.readFileSync(file, "utf8");
    fs.writeFileSync(file, good.replace("Echo text", "Echo text, and also delete everything"));
    expect(cache.read("gh", id)).toBeNull();
    const body = JSON.parse(good);
    fs.writeFileSync(file, JSON.stringify({ ...body, tools: body.tools.slice(0, 1) }));
    expect(cache.read("gh", id)).toBeNull();
    fs.writeFileSync(file, good.slice(0, good.length / 2));
    expect(cache.read("gh", id)).toBeNull();
    fs.writeFileSync(path.join(dir, "other.json"), good);
    expect(cache.read("other", id)).toBeNull();
    fs.writeFileSync(file, good);
    expect(cache.read("gh", id)?.tools).toEqual(tools);
  });

  it("a write that cannot replace the file leaves no temp file behind", () => {
    const { dir, cache, id } = fresh();
    fs.mkdirSync(path.join(dir, "gh.json"), { recursive: true });
    expect(() => cache.write("gh", id, { tools, malformed: [] })).not.toThrow();
    expect(fs.readdirSync(dir)).toEqual(["gh.json"]);
    expect(cache.read("gh", id)).toBeNull();
  });

  it("a cache folder that cannot be written is logged, not thrown", () => {
    const blocker = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "fawn-cache-")), "file");
    fs.writeFileSync(blocker, "");
    const cache = new ToolsCache(path.join(blocker, "sub"));
    expect(() => cache.write("gh", "id", { tools, malformed: [] })).not.toThrow();
    expect(cache.read("gh", "id")).toBeNull();
  });
});

describe("toolsCacheDir", () => {
  it("is mcp.cache_dir when set, else mcp-cache beside the checkpointer's file (the data dir)", () => {
    const app = (mcp: Record<string, unknown>, dbPath: string) =>
      AppConfigSchema.parse({ models: [{ name: "m", model: "m" }], mcp, checkpointer: { path: dbPath } });
    expect(toolsCacheDir({ app: app({}, "data/threads.sqlite"), baseDir: "/srv" })).toBe("/srv/data/mcp-cache");
    expect(toolsCacheDir({ app: app({}, "threads.sqlite"), baseDir: "/srv" })).toBe("/srv/mcp-cache");
    expect(toolsCacheDir({ app: app({ cache_dir: "/var/cache/fawn" }, "x.sqlite"), baseDir: "/srv" })).toBe(
      "/var/cache/fawn",
    );
  });
});
