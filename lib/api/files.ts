/**
 * The artifacts panel's and the composer's HTTP side: list a thread's files, serve one file's bytes,
 * accept uploads. Confinement is the sandbox's (lib/sandbox/paths); this module maps its refusals to
 * HTTP statuses and adds the headers that keep a served file from acting in the app's origin.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { apiRoute } from "@/lib/api/handler";
import type { FileEntry, FilesListing, UploadedFile, UploadResponse } from "@/lib/contracts/files";
import { listOutputs, mimeOf, readThreadFile, saveUpload } from "@/lib/sandbox/files";
import { LIMITS, formatBytes, overLimit } from "@/lib/sandbox/limits";
import {
  SandboxPathError,
  assertThreadId,
  ensureThreadDir,
  hostToVirtual,
  parseVirtualPath,
  quotePath,
  resolveInThread,
} from "@/lib/sandbox/paths";
import { ApiError, jsonResponse, parseBooleanParam, readBodyBytes } from "@/lib/server/http";
import { sandboxSettings } from "@/lib/tools/context";

/** The part of the agent runtime this module needs: the thread's checkpointed state. */
export interface StateReader {
  graph: { getState(config: { configurable: { thread_id: string } }): Promise<{ values?: unknown }> };
}

/** Builds (or returns) the runtime; calling it makes the configured sandbox root active. */
export type GetRuntime = () => Promise<StateReader>;

export interface UploadLimits {
  /** Largest single file. */
  maxFileBytes: number;
  maxFiles: number;
}

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = { maxFileBytes: LIMITS.uploadBytes, maxFiles: 20 };

const MAX_LISTED = LIMITS.outputEntries;

function checkThreadId(threadId: string): void {
  try {
    assertThreadId(threadId);
  } catch (e) {
    throw new ApiError(400, "invalid_path", (e as Error).message);
  }
}

/** Whether the thread has a sandbox folder yet; a GET must not create one for any id it is asked about. */
async function threadDirExists(threadId: string): Promise<boolean> {
  const dir = path.join(sandboxSettings().root, "threads", threadId);
  return fs.stat(dir).then(
    (s) => s.isDirectory(),
    () => false,
  );
}

function nameOf(virtualPath: string): string {
  return virtualPath.slice(virtualPath.lastIndexOf("/") + 1);
}

async function listUploads(threadId: string): Promise<FileEntry[]> {
  const threadDir = await ensureThreadDir(threadId);
  const found: FileEntry[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const e of await fs.readdir(dir, { withFileTypes: true })) {
      if (found.length >= MAX_LISTED) return;
      const full = path.join(dir, e.name);
      // Symlinks are neither followed nor listed, as in listOutputs.
      if (e.isDirectory()) await walk(full);
      else if (e.isFile()) {
        const st = await fs.lstat(full).catch(() => null);
        if (st?.isFile()) {
          const p = hostToVirtual(threadDir, full);
          found.push({ path: p, name: e.name, size: st.size, mime: mimeOf(e.name), modified: st.mtime.toISOString() });
        }
      }
    }
  };
  await walk(path.join(threadDir, "uploads"));
  return found.sort((a, b) => a.path.localeCompare(b.path));
}

/** The presented paths from a state snapshot's values; anything malformed is ignored. */
export function artifactPathsOf(values: unknown): string[] {
  const a = (values as { artifacts?: unknown } | null | undefined)?.artifacts;
  return Array.isArray(a) ? a.filter((p): p is string => typeof p === "string") : [];
}

/** Stat one presented file; null when it is gone, is not a file, or no longer resolves inside the thread. */
async function presentedEntry(threadId: string, virtualPath: string): Promise<FileEntry | null> {
  try {
    const target = await resolveInThread(threadId, virtualPath);
    if (!target.exists) return null;
    const st = await fs.lstat(target.host);
    if (!st.isFile()) return null;
    return {
      path: target.virtual,
      name: nameOf(target.virtual),
      size: st.size,
      mime: mimeOf(target.virtual),
      modified: st.mtime.toISOString(),
    };
  } catch (e) {
    if (e instanceof SandboxPathError) return null;
    throw e;
  }
}

/** GET /api/files/{threadId}. */
export async function listThreadFiles(runtime: StateReader, threadId: string): Promise<FilesListing> {
  checkThreadId(threadId);
  if (!(await threadDirExists(threadId))) return { artifacts: [], outputs: [], uploads: [] };
  const state = await runtime.graph.getState({ configurable: { thread_id: threadId } });
  const presented = [...new Set(artifactPathsOf(state.values))].slice(0, MAX_LISTED);
  const artifacts = (await Promise.all(presented.map((p) => presentedEntry(threadId, p)))).filter(
    (e): e is FileEntry => e !== null,
  );
  const outputs = (await listOutputs(threadId)).map((o) => ({ ...o, name: nameOf(o.path) }));
  return { artifacts: dedupeByPath(artifacts), outputs, uploads: await listUploads(threadId) };
}

/** Two presented paths can name one file (e.g. through a symlink inside the thread). */
function dedupeByPath(entries: FileEntry[]): FileEntry[] {
  const seen = new Set<string>();
  return entries.filter((e) => !seen.has(e.path) && seen.add(e.path));
}

const TEXTUAL = /^(text\/|application\/(json|x-ndjson|yaml|xml|sql|toml)$|image\/svg\+xml$)/;

/** `inline|attachment; filename="ascii fallback"; filename*=UTF-8''percent-encoded` (RFC 6266 / 5987). */
export function contentDisposition(kind: "inline" | "attachment", name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Percent escapes left after the URL's own decoding mean the client encoded twice: refuse rather than guess. */
const DOUBLE_ENCODED = /%(2e|2f|5c|00)/i;

/** GET /api/files/{threadId}/content?path=…[&download=1]. */
export async function fileContentResponse(threadId: string, url: URL): Promise<Response> {
  checkThreadId(threadId);
  const raw = url.searchParams.getAll("path");
  if (raw.length !== 1)
    throw new ApiError(400, "invalid_query", `query.path: give exactly one file path, got ${raw.length}`);
  const userPath = raw[0];
  const download = parseBooleanParam(url.searchParams.get("download"));
  if (url.searchParams.has("download") && download === undefined) {
    throw new ApiError(
      400,
      "invalid_query",
      `query.download: expected 1 or 0, got ${quotePath(url.searchParams.get("download") ?? "")}`,
    );
  }
  const refused = (e: SandboxPathError) => new ApiError(400, "invalid_query", `query.path: ${e.message}`);
  const notFound = () => new ApiError(404, "not_found", `no such file ${quotePath(userPath)} in thread ${threadId}`);
  if (DOUBLE_ENCODED.test(userPath)) {
    throw new ApiError(
      400,
      "invalid_query",
      `query.path: path ${quotePath(userPath)} refused: it still contains a percent-encoded '.', '/', '\\' or NUL (encoded twice?)`,
    );
  }
  try {
    parseVirtualPath(userPath);
  } catch (e) {
    if (e instanceof SandboxPathError) throw refused(e);
    throw e;
  }
  if (!(await threadDirExists(threadId))) throw notFound();

  let target: Awaited<ReturnType<typeof resolveInThread>>;
  try {
    target = await resolveInThread(threadId, userPath);
  } catch (e) {
    if (e instanceof SandboxPathError) throw refused(e);
    throw e;
  }
  if (!target.exists) throw notFound();
  const st = await fs.lstat(target.host);
  if (!st.isFile())
    throw new ApiError(400, "invalid_query", `query.path: ${quotePath(userPath)} is a folder, not a file`);
  if (st.size > LIMITS.downloadBytes) {
    throw new ApiError(
      413,
      "payload_too_large",
      `file ${quotePath(target.virtual)} is ${overLimit(st.size, LIMITS.downloadBytes)} for serving`,
    );
  }
  let file: Awaited<ReturnType<typeof readThreadFile>>;
  try {
    file = await readThreadFile(threadId, userPath);
  } catch (e) {
    // Changed between the checks above and the read (deleted, swapped for a symlink, grown).
    if (e instanceof SandboxPathError) throw /no such file$/.test(e.message) ? notFound() : refused(e);
    throw e;
  }

  const headers = new Headers({
    "Content-Type": TEXTUAL.test(file.mime) ? `${file.mime}; charset=utf-8` : file.mime,
    "Content-Length": String(file.data.byteLength),
    "Content-Disposition": contentDisposition(download ? "attachment" : "inline", nameOf(file.path)),
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
  });
  // The agent writes these files, so any that a browser could run as a document (html, svg, xml) is
  // given an opaque origin with scripts off. PDFs are exempt: Chrome refuses to show a sandboxed PDF.
  if (file.mime !== "application/pdf") headers.set("Content-Security-Policy", "sandbox");
  return new Response(new Uint8Array(file.data), { status: 200, headers });
}

function readUploadBody(request: Request, maxBytes: number): Promise<Buffer> {
  return readBodyBytes(
    request,
    maxBytes,
    () => `upload request is over the ${formatBytes(maxBytes)} limit for one request; send fewer files at a time`,
  );
}

/** POST /api/files/{threadId}/uploads: every `file` field is checked first, then all are saved. */
export async function uploadFiles(
  request: Request,
  threadId: string,
  limits: UploadLimits = DEFAULT_UPLOAD_LIMITS,
): Promise<UploadResponse> {
  checkThreadId(threadId);
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new ApiError(
      415,
      "unsupported_media_type",
      `uploads must be multipart/form-data with one or more 'file' fields, got ${quotePath(contentType || "no content-type")}`,
    );
  }
  // The whole body is buffered to parse it, so it is capped: room for a few files at the per-file
  // limit, enough that a single oversize file is still parsed and named in the 413.
  const body = await readUploadBody(request, limits.maxFileBytes * 4 + 1024 * 1024);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { "content-type": contentType } }).formData();
  } catch (e) {
    throw new ApiError(400, "invalid_body", `the multipart body could not be parsed: ${(e as Error).message}`);
  }
  const entries = form.getAll("file");
  if (entries.length === 0) {
    const fields = [...new Set(form.keys())];
    throw new ApiError(
      400,
      "invalid_body",
      `no files: send one or more 'file' fields${fields.length ? ` (got fields ${fields.map((f) => quotePath(f)).join(", ")})` : ""}`,
    );
  }
  if (entries.length > limits.maxFiles) {
    throw new ApiError(413, "payload_too_large", `${entries.length} files in one upload; at most ${limits.maxFiles}`);
  }
  const files: File[] = [];
  for (const [i, entry] of entries.entries()) {
    if (typeof entry === "string")
      throw new ApiError(400, "invalid_body", `body.file[${i}] is a text field, not a file`);
    if (entry.size > limits.maxFileBytes) {
      throw new ApiError(
        413,
        "payload_too_large",
        `file ${quotePath(entry.name)} is ${overLimit(entry.size, limits.maxFileBytes)} for uploads`,
      );
    }
    files.push(entry);
  }
  const saved: UploadedFile[] = [];
  for (const f of files) {
    const s = await saveUpload(threadId, f.name, new Uint8Array(await f.arrayBuffer()), limits.maxFileBytes);
    saved.push({ path: s.path, name: s.filename, size: s.size, mime: s.mime });
  }
  return { files: saved };
}

type RouteContext = { params: Promise<{ threadId: string }> };
type RouteHandler = (request: Request, ctx: RouteContext) => Promise<Response>;

/** One handler per route, wrapped in auth, CORS and error mapping; the runtime is injectable for tests. */
export function filesRoutes(
  getRuntime: GetRuntime,
  limits: UploadLimits = DEFAULT_UPLOAD_LIMITS,
): { list: RouteHandler; content: RouteHandler; upload: RouteHandler } {
  const route =
    (fn: (request: Request, url: URL, threadId: string, runtime: StateReader) => Promise<Response>): RouteHandler =>
    async (request, ctx) => {
      const { threadId } = await ctx.params;
      return apiRoute(async (req, url) => fn(req, url, threadId, await getRuntime()))(request);
    };
  return {
    list: route(async (_req, _url, threadId, runtime) => jsonResponse(await listThreadFiles(runtime, threadId))),
    content: route(async (_req, url, threadId) => fileContentResponse(threadId, url)),
    upload: route(async (req, _url, threadId) => jsonResponse(await uploadFiles(req, threadId, limits))),
  };
}
