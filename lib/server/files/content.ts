/**
 * GET /api/files/{threadId}/content?path=…[&download=1]: one file's bytes, with the headers that keep a
 * served file from acting in the app's origin. The sandbox's refusals become 400s, a missing file a 404.
 */
import fs from "node:fs/promises";
import { readThreadFile } from "@/lib/sandbox/files";
import { LIMITS, overLimit } from "@/lib/sandbox/limits";
import { SandboxPathError, parseVirtualPath, quotePath, resolveInThread } from "@/lib/sandbox/paths";
import { ApiError, parseBooleanParam } from "../http";
import { nameOf, threadDirExists } from "./listing";

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
export async function fileContentResponse(sandboxRoot: string, threadId: string, url: URL): Promise<Response> {
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
  if (DOUBLE_ENCODED.exec(userPath) !== null) {
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
  if (!(await threadDirExists(sandboxRoot, threadId))) throw notFound();

  let target: Awaited<ReturnType<typeof resolveInThread>>;
  try {
    target = await resolveInThread(sandboxRoot, threadId, userPath);
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
    file = await readThreadFile(sandboxRoot, threadId, userPath);
  } catch (e) {
    // Changed between the checks above and the read (deleted, swapped for a symlink, grown): the file
    // system, not the wording of the refusal, tells a file that is gone from one that is refused.
    if (!(e instanceof SandboxPathError)) throw e;
    const gone = await fs.lstat(target.host).then(
      () => false,
      () => true,
    );
    throw gone ? notFound() : refused(e);
  }

  const headers = new Headers({
    "Content-Type": TEXTUAL.exec(file.mime) !== null ? `${file.mime}; charset=utf-8` : file.mime,
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
