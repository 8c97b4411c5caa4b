/**
 * One `mcpServers` entry as the browser, the API and the CLI handle it: secrets masked on the way out, `***`
 * resolved to the stored value on the way in, and the result checked by the config's own schema with errors
 * naming the field.
 */
import { McpServerConfigSchema } from "@/lib/config/extensions";
import { describeIssue } from "@/lib/config/issues";
import { type McpServerEntry, SECRET_MASK } from "@/lib/contracts/mcp-servers";

/** Fields whose values are secrets: shown as `***`, replaced only when typed again. */
export const SECRET_FIELDS = ["env", "headers"] as const;

/** A bad field of an entry: `field` is its path inside the entry (`url`, `env.TOKEN`). */
export class EntryError extends Error {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field || "entry"}: ${problem}`);
    this.name = "EntryError";
  }
}

// A bare `$VAR` / `${VAR}`, optionally after an auth scheme: the reference is not the secret, so it is shown.
// `${VAR:-default}` is masked: the default may be a secret.
const PLAIN_REFERENCE = /^(?:(?:Bearer|Basic|Token)\s+)?(?:\$[A-Za-z_][A-Za-z0-9_]*|\$\{[A-Za-z_][A-Za-z0-9_]*\})$/;

export function maskValue(value: unknown): unknown {
  return typeof value === "string" && PLAIN_REFERENCE.exec(value) !== null ? value : SECRET_MASK;
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

/** The entry with every env and header value masked (a bare variable reference is kept). */
export function maskEntry(entry: McpServerEntry): McpServerEntry {
  const out: McpServerEntry = { ...entry };
  for (const field of SECRET_FIELDS) {
    const values = entry[field];
    if (isRecord(values)) out[field] = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, maskValue(v)]));
  }
  return out;
}

/**
 * `next` with each `***` env or header value replaced by the value stored under the same key. A `***` with
 * nothing stored behind it is an error naming the field: the person has to type the value.
 */
export function resolveMasked(next: McpServerEntry, stored: McpServerEntry | undefined): McpServerEntry {
  const out: McpServerEntry = { ...next };
  for (const field of SECRET_FIELDS) {
    const values = next[field];
    if (!isRecord(values)) continue;
    const before = isRecord(stored?.[field]) ? (stored?.[field] as Record<string, unknown>) : {};
    out[field] = Object.fromEntries(
      Object.entries(values).map(([k, v]) => {
        if (v !== SECRET_MASK) return [k, v];
        if (!(k in before))
          throw new EntryError(`${field}.${k}`, `"${SECRET_MASK}" keeps a stored value, but none is stored: type it`);
        return [k, before[k]];
      }),
    );
  }
  return out;
}

/** Check an entry with the config's schema; every problem names its field. Returns the entry unchanged. */
export function checkEntry(entry: McpServerEntry): McpServerEntry {
  const r = McpServerConfigSchema.safeParse(entry);
  if (!r.success) {
    const { path, problem } = describeIssue(McpServerConfigSchema, r.error.issues[0], entry, {
      format: "json",
      noun: "field",
    });
    throw new EntryError(path.map(String).join("."), problem);
  }
  return entry;
}

/** A shallow change of top-level fields; `null` removes the field. */
export function patchEntry(entry: McpServerEntry, patch: Record<string, unknown>): McpServerEntry {
  const out: McpServerEntry = { ...entry };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}
