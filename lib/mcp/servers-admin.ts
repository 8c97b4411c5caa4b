/**
 * Adding, replacing, changing and removing one MCP server in extensions_config.json: what the API routes and
 * `fawn mcp` both call. Each change reads the file, checks the caller's ETag (If-Match), resolves `***` to the
 * stored secret, checks the entry by the config's schema and writes atomically (lib/mcp/config-writer).
 */
import { ConfigError } from "@/lib/config";
import type { Env } from "@/lib/config/env";
import type { McpServerEntry } from "@/lib/contracts/mcp-servers";
import { ConfigConflictError, type ExtensionsSnapshot, readExtensions, writeExtensions } from "./config-writer";
import { OAuthFlowError } from "./oauth/errors";
import { checkEntry, EntryError, maskEntry, patchEntry, resolveMasked } from "./server-entries";

export class ServerAdminError extends Error {
  constructor(
    readonly kind: "not_found" | "exists",
    message: string,
  ) {
    super(message);
    this.name = "ServerAdminError";
  }
}

/**
 * A failed change or sign-in as the API and `fawn mcp` both report it. `invalid`: the entry is wrong, and the
 * message names its field (`args.0: …`), so the caller prefixes where the entry came from (`body.`, `entry.`);
 * `taken`: a server of that name exists already (the message names the field: `name: …`); `conflict`: the file
 * changed since it was read, or the file as it is cannot take the change; `upstream`: the OAuth authorization
 * server refused or failed.
 */
export interface AdminFailure {
  kind: "invalid" | "taken" | "not_found" | "conflict" | "upstream";
  message: string;
}

/** What a failure of this module (or of the config and OAuth flow it drives) means; null for anything else. */
export function adminErrorOf(e: unknown): AdminFailure | null {
  if (e instanceof EntryError) return { kind: "invalid", message: `${e.field || "entry"}: ${e.problem}` };
  if (e instanceof ServerAdminError)
    return e.kind === "not_found"
      ? { kind: "not_found", message: e.message }
      : { kind: "taken", message: `name: ${e.message}` };
  if (e instanceof ConfigConflictError) return { kind: "conflict", message: e.message };
  // The file as it is cannot take the change (a hand edit broke it, or another server is invalid): fix it first.
  if (e instanceof ConfigError)
    return { kind: "conflict", message: `cannot change the file until it is fixed: ${e.message}` };
  if (e instanceof OAuthFlowError) return { kind: "upstream", message: e.message };
  return null;
}

export interface WriteResult {
  name: string;
  /** The entry as now written, masked; null after a removal. */
  entry: McpServerEntry | null;
  etag: string;
}

export interface AdminOptions {
  /** The ETag the caller read (If-Match); absent: the file as read at the start of this change. */
  ifMatch?: string | null;
  env?: Env;
}

function snapshotFor(file: string, ifMatch: string | null | undefined): ExtensionsSnapshot {
  const snap = readExtensions(file);
  if (ifMatch && ifMatch !== "*" && ifMatch !== snap.etag) {
    throw new ConfigConflictError(
      `${file} changed since you read it (edited by hand or from another window): reload to see the current servers, then make your change again`,
    );
  }
  return snap;
}

function existing(snap: ExtensionsSnapshot, name: string): McpServerEntry {
  const entry = snap.servers[name];
  if (!entry) throw new ServerAdminError("not_found", `no MCP server named "${name}" in ${snap.file}`);
  return entry;
}

function write(snap: ExtensionsSnapshot, name: string, entry: McpServerEntry, opts: AdminOptions): WriteResult {
  const etag = writeExtensions(snap, { ...snap.servers, [name]: entry }, opts.env);
  return { name, entry: maskEntry(entry), etag };
}

export function addServer(file: string, name: string, entry: McpServerEntry, opts: AdminOptions = {}): WriteResult {
  const snap = snapshotFor(file, opts.ifMatch);
  if (snap.servers[name]) throw new ServerAdminError("exists", `an MCP server named "${name}" already exists`);
  return write(snap, name, checkEntry(resolveMasked(entry, undefined)), opts);
}

/** PUT: the whole entry; `***` keeps the stored secret of the same key. */
export function replaceServer(file: string, name: string, entry: McpServerEntry, opts: AdminOptions = {}): WriteResult {
  const snap = snapshotFor(file, opts.ifMatch);
  const stored = existing(snap, name);
  return write(snap, name, checkEntry(resolveMasked(entry, stored)), opts);
}

/** PATCH: top-level fields set (`null` removes one), e.g. `{enabled: false}`. */
export function patchServer(
  file: string,
  name: string,
  patch: Record<string, unknown>,
  opts: AdminOptions = {},
): WriteResult {
  const snap = snapshotFor(file, opts.ifMatch);
  const stored = existing(snap, name);
  return write(snap, name, checkEntry(resolveMasked(patchEntry(stored, patch), stored)), opts);
}

export function removeServer(file: string, name: string, opts: AdminOptions = {}): WriteResult {
  const snap = snapshotFor(file, opts.ifMatch);
  existing(snap, name);
  const { [name]: _removed, ...rest } = snap.servers;
  return { name, entry: null, etag: writeExtensions(snap, rest, opts.env) };
}

/** The entry as stored, with `next`'s `***` resolved against it: what a check of an edited entry connects with. */
export function entryForProbe(file: string, name: string, next: McpServerEntry | null): McpServerEntry {
  const snap = readExtensions(file);
  const stored = snap.servers[name];
  if (next === null) return existing(snap, name);
  return checkEntry(resolveMasked(next, stored));
}
