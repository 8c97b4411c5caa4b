import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { SearchDoc } from "@/lib/deferred/search";
import { REPO_ROOT } from "../../test/support/repo";

// Defaults resolve from the repository root, not from the cwd.
export const DEFAULT_CATALOG = path.resolve(REPO_ROOT, "..", "shared", "bench", "catalog.json");
export const DEFAULT_QUERIES = path.resolve(REPO_ROOT, "..", "shared", "bench", "queries.dev.json");

/**
 * A catalog entry: the shared catalog's shape (`{name, server, description, inputSchema}`), or a tool as an MCP
 * server lists it (`tools/list`: `description` optional, no `server`), or as other tool catalogs write it
 * (`input_schema`, `parameters`). Read into the one shape below; a missing description or schema is empty.
 */
const CatalogEntrySchema = z
  .object({
    name: z.string().min(1),
    server: z.string().optional(),
    description: z.string().nullish(),
    inputSchema: z.record(z.string(), z.unknown()).optional(),
    input_schema: z.record(z.string(), z.unknown()).optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
    original_name: z.string().optional(),
  })
  .transform((e) => ({
    name: e.name,
    server: e.server ?? "",
    description: e.description ?? "",
    inputSchema: e.inputSchema ?? e.input_schema ?? e.parameters ?? {},
    ...(e.original_name === undefined ? {} : { original_name: e.original_name }),
  }));
export type CatalogEntry = z.infer<typeof CatalogEntrySchema>;

const QuerySchema = z.object({
  query: z.string(),
  /** Any of these in the top 5 is a hit; an empty list is shown but not scored. */
  expected: z.array(z.string().min(1)),
  style: z.string().min(1),
  /**
   * The tool calls a request needs: every tool that does each step, in order (one step is allowed: a long request
   * may need one call among much context). Each name is also in `expected` (so Recall@5 counts a request with any
   * step found); bench:search also counts the steps found.
   */
  steps: z
    .array(z.array(z.string().min(1)).min(1))
    .min(1)
    .optional(),
});
export type BenchQuery = z.infer<typeof QuerySchema>;

/** A JSON file's value, or an error naming the file and why it cannot be read or parsed. */
export function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw new Error(`${file}: cannot read (${(e as Error).message})`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new Error(`${file}: not valid JSON (${(e as Error).message})`);
  }
}

/**
 * A file's parsed JSON checked against `schema`, or an error naming the file and the first wrong field (`(top)` for
 * the value as a whole), then `hint`.
 */
export function parseFile<T>(schema: z.ZodType<T, unknown>, raw: unknown, file: string, hint = ""): T {
  const r = schema.safeParse(raw);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  throw new Error(`${file}: field "${issue.path.join(".") || "(top)"}": ${issue.message}${hint}`);
}

/** Validate a JSON array entry by entry so the error names the file, the index, the entry and the field. */
function parseArray<T>(
  file: string,
  schema: z.ZodType<T, unknown>,
  label: (raw: unknown) => string,
  /** Also accepted at the top level: an object holding the array under this key (`{"tools": [...]}`). */
  key?: string,
): T[] {
  const top = readJson(file);
  const held =
    key && top && typeof top === "object" && !Array.isArray(top) ? (top as Record<string, unknown>)[key] : top;
  if (!Array.isArray(held)) {
    throw new Error(
      `${file}: expected a JSON array at the top level${key ? ` (or an object with a "${key}" array)` : ""}`,
    );
  }
  const data: unknown[] = held;
  return data.map((raw, i) => {
    const r = schema.safeParse(raw);
    if (!r.success) {
      const issue = r.error.issues[0]!;
      const field = issue.path.length > 0 ? issue.path.join(".") : "(entry)";
      throw new Error(`${file}: entry ${i}${label(raw)}: field "${field}": ${issue.message}`);
    }
    return r.data;
  });
}

const nameOf = (key: string) => (raw: unknown) => {
  const v = raw && typeof raw === "object" ? (raw as Record<string, unknown>)[key] : undefined;
  return typeof v === "string" ? ` (${key} ${JSON.stringify(v.slice(0, 80))})` : "";
};

export function loadCatalog(file: string): CatalogEntry[] {
  const entries = parseArray(file, CatalogEntrySchema, nameOf("name"), "tools");
  const seen = new Set<string>();
  entries.forEach((e, i) => {
    if (seen.has(e.name)) throw new Error(`${file}: entry ${i} (name "${e.name}"): field "name": duplicate tool name`);
    seen.add(e.name);
  });
  return entries;
}

export function loadQueries(file: string): BenchQuery[] {
  const queries = parseArray(file, QuerySchema, nameOf("query"));
  queries.forEach((q, i) => {
    const missing = (q.steps ?? []).flat().find((n) => !q.expected.includes(n));
    if (missing !== undefined)
      throw new Error(
        `${file}: entry ${i} (query ${JSON.stringify(q.query.slice(0, 80))}): field "steps": "${missing}" is not in "expected"`,
      );
  });
  return queries;
}

/**
 * A catalog's server descriptions (`bench/catalogs/*.servers.json`): per server, the one line its publisher wrote
 * for it, as a user would paste it into extensions_config.json's `description`. Other keys (where it came from,
 * the server's MCP instructions) are provenance, kept in the file and not read.
 */
const ServerDescriptionsSchema = z.object({
  catalog: z.string().min(1),
  servers: z.record(z.string().min(1), z.object({ description: z.string().min(1) }).passthrough()),
});

/**
 * Server → description from a servers file, checked against the catalog's servers: every server of the catalog has
 * one and the file names no other (an error names the file and the server).
 */
export function loadServerDescriptions(file: string, catalog: readonly CatalogEntry[]): Map<string, string> {
  const data = parseFile(ServerDescriptionsSchema, readJson(file), file);
  const servers = new Set(catalog.map((e) => e.server).filter(Boolean));
  const out = new Map<string, string>();
  for (const [server, { description }] of Object.entries(data.servers)) {
    if (!servers.has(server)) throw new Error(`${file}: server "${server}": no tool of the catalog is from it`);
    out.set(server, description);
  }
  const missing = [...servers].find((s) => !out.has(s));
  if (missing !== undefined)
    throw new Error(`${file}: server "${missing}": the catalog has its tools, the file no description`);
  return out;
}

/** The catalog as the searchers see it; with `descriptions`, each tool also carries its server's. */
export function toSearchDocs(catalog: CatalogEntry[], descriptions?: ReadonlyMap<string, string>): SearchDoc[] {
  return catalog.map((e) => {
    const about = e.server ? descriptions?.get(e.server) : undefined;
    return {
      name: e.name,
      description: e.description,
      parameters: e.inputSchema,
      ...(e.server ? { server: e.server } : {}),
      ...(about ? { serverDescription: about } : {}),
    };
  });
}

/** The catalog repeated until it has `size` tools; copies get a `_r<k>` name suffix so names stay unique. */
export function replicate(docs: SearchDoc[], size: number): SearchDoc[] {
  const out: SearchDoc[] = [];
  for (let k = 0; out.length < size; k++) {
    for (const d of docs) {
      if (out.length >= size) break;
      out.push(k === 0 ? d : { ...d, name: `${d.name}_r${k}` });
    }
  }
  return out;
}
