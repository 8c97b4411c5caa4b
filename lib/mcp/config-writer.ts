/**
 * Writing extensions_config.json for the Servers panel, the API and `fawn mcp`: read it with an ETag (a hash of
 * its bytes), change one server, check the whole file with the same schema the loader uses, and replace the file
 * atomically (temp file + rename) after copying the previous version to `extensions_config.json.bak`. A write
 * whose ETag no longer matches the file (someone edited it by hand meanwhile) is refused, so no edit is lost.
 * `$VAR` references are written as they were typed, never expanded. The running app picks the new file up
 * through its config store, which reloads on a changed file.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import type { Env } from "@/lib/config/env";
import { parseExtensionsConfig } from "@/lib/config/load";
import { parseLocated } from "@/lib/config/parse";
import type { McpServerEntry } from "@/lib/contracts/mcp-servers";
import { writeFileAtomic } from "./atomic-file";

/** The file as read: its servers in file order, and the ETag to send back with a change. */
export interface ExtensionsSnapshot {
  file: string;
  exists: boolean;
  etag: string;
  servers: Record<string, McpServerEntry>;
  /** Top-level keys other than mcpServers (kept as they are; the schema refuses them anyway). */
  rest: Record<string, unknown>;
}

/** The file changed since it was read (a hand edit, another window): nothing was written. */
export class ConfigConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigConflictError";
  }
}

/** A strong ETag of the file's bytes; a missing file has its own. */
export function etagOf(text: string | null): string {
  if (text === null) return '"absent"';
  return `"${createHash("sha256").update(text).digest("hex").slice(0, 32)}"`;
}

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw e;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

/** Read the file as written (no expansion). A file that is not JSON throws a ConfigError naming the line. */
export function readExtensions(file: string): ExtensionsSnapshot {
  const text = readText(file);
  if (text === null) return { file, exists: false, etag: etagOf(null), servers: {}, rest: {} };
  const data = parseLocated(text, file, "json").data;
  const { mcpServers, ...rest } = isRecord(data) ? data : {};
  const servers: Record<string, McpServerEntry> = {};
  if (isRecord(mcpServers)) for (const [k, v] of Object.entries(mcpServers)) servers[k] = isRecord(v) ? v : {};
  return { file, exists: true, etag: etagOf(text), servers, rest };
}

function renderExtensions(servers: Record<string, McpServerEntry>, rest: Record<string, unknown> = {}) {
  return `${JSON.stringify({ ...rest, mcpServers: servers }, null, 2)}\n`;
}

/**
 * Write `servers` if the file still has `etag`. The new file is checked by the loader's own schema first (a
 * problem throws a ConfigError naming the field); the previous version is kept as `<file>.bak`. Returns the
 * new ETag. The check and the rename are one synchronous step, so requests of this process cannot interleave.
 */
export function writeExtensions(
  snapshot: Pick<ExtensionsSnapshot, "file" | "etag" | "rest">,
  servers: Record<string, McpServerEntry>,
  env: Env = process.env,
): string {
  const text = renderExtensions(servers, snapshot.rest);
  // Throws ConfigError for a bad shape; an unset $VAR only fails its own server at load time, as by hand.
  parseExtensionsConfig(text, snapshot.file, env);
  const current = readText(snapshot.file);
  if (etagOf(current) !== snapshot.etag) {
    throw new ConfigConflictError(
      `${snapshot.file} changed since it was read (edited by hand or from another window): reload and make the change again`,
    );
  }
  writeFileAtomic(snapshot.file, text, { backup: `${snapshot.file}.bak` });
  return etagOf(text);
}
