import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { type Tool, ToolSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { LoadedConfig, ResolvedServer } from "@/lib/config";
import { dataDirOf } from "@/lib/config/load";
import { canonicalJson } from "@/lib/deferred/canonical-json";
import { log } from "@/lib/log/logger";
import { writeFileAtomic } from "./atomic-file";
import { ownDescription } from "./connect";

/**
 * Each MCP server's `tools/list`, kept in the data dir so a lazy server's tools are known without starting it.
 * One file per server (`<dir>/<server>.json`, mode 0600, written to a temp file and renamed), keyed by
 * a salted hash of the server's resolved config (command, args, env, cwd, url, headers: a changed config
 * is a miss, and no env or header value is stored in clear) and by each tool's own hash (a file that
 * was edited or cut short is a miss, never a wrong catalog).
 */

const VERSION = 1;

const CachedToolSchema = z.object({ hash: z.string(), tool: z.unknown() });
const CacheFileSchema = z.object({
  version: z.literal(VERSION),
  server: z.string(),
  salt: z.string().min(16),
  config_hash: z.string(),
  cached_at: z.string(),
  tools: z.array(CachedToolSchema),
  /** Tools the server listed that do not follow the MCP schema (kept so warnings survive a restart). */
  malformed: z.array(z.string()).default([]),
  list_hash: z.string(),
  /** What the server said it is for (connect.ts, ownDescription); files written before it was kept have none. */
  server_description: z.string().nullable().default(null),
});

export interface CachedList {
  tools: Tool[];
  malformed: string[];
  /** ISO time the list was fetched from the server. */
  cachedAt: string;
  /** What the server said it is for when it was listed, or null. */
  description: string | null;
}

const sha = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const toolHash = (tool: unknown) => sha(canonicalJson(tool)).slice(0, 16);
const listHash = (hashes: readonly string[]) => sha(hashes.join("\n")).slice(0, 16);

/** What identifies a server's process and so its tool list: everything that starts or reaches it. */
export function serverIdentity(server: ResolvedServer, baseDir: string): string {
  const c = server.config;
  return canonicalJson({
    transport: server.transport,
    command: c.command ?? null,
    args: c.args,
    env: c.env,
    cwd: c.cwd ?? null,
    url: c.url ?? null,
    headers: c.headers,
    base_dir: baseDir,
  });
}

/**
 * The cache folder: `mcp.cache_dir`, else `mcp-cache` beside the checkpointer's SQLite file (the data dir);
 * with PostgreSQL, which has no file, in the data dir (FAWN_DATA_DIR, default .fawn).
 */
export function toolsCacheDir(config: Pick<LoadedConfig, "app" | "baseDir">): string {
  const { mcp, checkpointer } = config.app;
  const dataDir = checkpointer.path ? path.dirname(checkpointer.path) : dataDirOf(config.baseDir);
  return path.resolve(config.baseDir, mcp.cache_dir ?? path.join(dataDir, "mcp-cache"));
}

const configHash = (salt: string, identity: string) => sha(`${salt}\0${identity}`);

export class ToolsCache {
  constructor(readonly dir: string) {}

  private file(server: string): string {
    // Server names match ^[A-Za-z0-9_-]{1,32}$ (extensions.ts), so they are safe file names.
    return path.join(this.dir, `${server}.json`);
  }

  /** The cached list of this server under this exact config, or null (none, another config, or damaged). */
  read(server: string, identity: string): CachedList | null {
    let text: string;
    try {
      text = fs.readFileSync(this.file(server), "utf8");
    } catch {
      return null;
    }
    const miss = (why: string) => {
      log("info", "mcp.cache_miss", { server, why });
      return null;
    };
    let parsed: z.infer<typeof CacheFileSchema>;
    try {
      const result = CacheFileSchema.safeParse(JSON.parse(text));
      if (!result.success) return miss("unreadable cache file");
      parsed = result.data;
    } catch {
      return miss("cache file is not JSON");
    }
    if (parsed.server !== server) return miss("cache file of another server");
    if (configHash(parsed.salt, identity) !== parsed.config_hash) return miss("the server's config changed");
    const tools: Tool[] = [];
    for (const entry of parsed.tools) {
      if (toolHash(entry.tool) !== entry.hash) return miss("a cached tool does not match its hash");
      const tool = ToolSchema.safeParse(entry.tool);
      if (!tool.success) return miss("a cached tool does not follow the MCP schema");
      tools.push(tool.data);
    }
    if (listHash(parsed.tools.map((t) => t.hash)) !== parsed.list_hash) return miss("the cached list is incomplete");
    return {
      tools,
      malformed: parsed.malformed,
      cachedAt: parsed.cached_at,
      description: ownDescription({ description: parsed.server_description ?? undefined }),
    };
  }

  /** Drop a server's list (its answers changed for reasons the config does not show, e.g. an OAuth sign-out). */
  forget(server: string): void {
    fs.rmSync(this.file(server), { force: true });
  }

  /** Store a server's list atomically (writeFileAtomic: temp file, fsync, rename; mode 0600); a failure is logged, never thrown. */
  write(
    server: string,
    identity: string,
    list: { tools: readonly Tool[]; malformed: readonly string[]; description?: string | null },
  ): string {
    const cachedAt = new Date().toISOString();
    const salt = randomBytes(16).toString("hex");
    const tools = list.tools.map((tool) => ({ hash: toolHash(tool), tool }));
    const body = {
      version: VERSION,
      server,
      salt,
      config_hash: configHash(salt, identity),
      cached_at: cachedAt,
      tools,
      malformed: [...list.malformed],
      list_hash: listHash(tools.map((t) => t.hash)),
      server_description: list.description ?? null,
    };
    try {
      fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      writeFileAtomic(this.file(server), JSON.stringify(body), { mode: 0o600 });
    } catch (e) {
      log("warn", "mcp.cache_write_failed", { server, error: (e as Error).message });
    }
    return cachedAt;
  }
}
