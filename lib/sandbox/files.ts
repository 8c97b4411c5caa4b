import fs from "node:fs/promises";
import path from "node:path";
import { HeldFolder } from "./held-folder";
import { LIMITS, overLimit } from "./limits";
import { openOwnFile } from "./own-file";
import { SandboxPathError, ensureThreadDir, hasFormatChars, hostToVirtual, resolveInThread } from "./paths";

const MIME_BY_EXT: Record<string, string> = {
  txt: "text/plain",
  md: "text/markdown",
  markdown: "text/markdown",
  csv: "text/csv",
  tsv: "text/tab-separated-values",
  json: "application/json",
  jsonl: "application/x-ndjson",
  yaml: "application/yaml",
  yml: "application/yaml",
  xml: "application/xml",
  html: "text/html",
  htm: "text/html",
  css: "text/css",
  log: "text/plain",
  js: "text/javascript",
  mjs: "text/javascript",
  cjs: "text/javascript",
  ts: "text/x-typescript",
  tsx: "text/x-typescript",
  jsx: "text/javascript",
  py: "text/x-python",
  rb: "text/x-ruby",
  go: "text/x-go",
  rs: "text/x-rust",
  java: "text/x-java",
  c: "text/x-c",
  h: "text/x-c",
  cpp: "text/x-c++",
  hpp: "text/x-c++",
  sh: "text/x-shellscript",
  sql: "application/sql",
  toml: "application/toml",
  ini: "text/plain",
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  bmp: "image/bmp",
  ico: "image/x-icon",
  pdf: "application/pdf",
  zip: "application/zip",
  gz: "application/gzip",
  tar: "application/x-tar",
  mp3: "audio/mpeg",
  wav: "audio/wav",
  mp4: "video/mp4",
  webm: "video/webm",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
};

/** MIME type by file extension; unknown extensions are served as bytes. */
export function mimeOf(name: string): string {
  const ext = path.extname(name).slice(1).toLowerCase();
  return MIME_BY_EXT[ext] ?? "application/octet-stream";
}

export interface OutputFile {
  /** Virtual path, e.g. /mnt/user-data/outputs/report.md. */
  path: string;
  size: number;
  mime: string;
  /** ISO 8601 modification time. */
  modified: string;
}

/** How deep listServable walks (folders below this are not listed; readThreadFile still serves their files). */
const MAX_LIST_DEPTH = 16;

/**
 * Regular files under one area of the thread's folder (outputs/ or uploads/) that can be served, sorted by path,
 * at most LIMITS.outputEntries. Skipped: symlinks (not followed), hard links and names with invisible format
 * characters (readThreadFile refuses them, so a listing never shows a file that cannot be opened, nor a name
 * that reads differently from what it is).
 */
export async function listServable(root: string, threadId: string, area: "outputs" | "uploads"): Promise<OutputFile[]> {
  const threadDir = await ensureThreadDir(root, threadId);
  const found: OutputFile[] = [];
  // Each folder is read through the handle of the one above it (held-folder.ts): a folder swapped for a symlink
  // while it is walked is not followed, so no other folder's names and sizes are listed.
  const walk = async (folder: HeldFolder, dir: string, depth: number): Promise<void> => {
    const entries = await fs.readdir(folder.via, { withFileTypes: true });
    for (const e of entries) {
      if (found.length >= LIMITS.outputEntries) return;
      const full = path.join(dir, e.name);
      if (e.isDirectory()) {
        // Each level holds a file handle while it is walked: deeper folders are not listed.
        if (depth >= MAX_LIST_DEPTH) continue;
        const sub = await folder.child(e.name, hostToVirtual(threadDir, full)).catch(() => null);
        if (sub === null) continue;
        try {
          await walk(sub, full, depth + 1);
        } finally {
          await sub.close();
        }
      } else if (e.isFile() && !hasFormatChars(e.name)) {
        const st = await fs.lstat(folder.entry(e.name)).catch(() => null);
        if (st?.isFile() && st.nlink === 1) {
          found.push({
            path: hostToVirtual(threadDir, full),
            size: st.size,
            mime: mimeOf(e.name),
            modified: st.mtime.toISOString(),
          });
        }
      }
    }
  };
  const top = path.join(threadDir, area);
  const folder = await HeldFolder.open(top, hostToVirtual(threadDir, top));
  try {
    await walk(folder, top, 1);
  } finally {
    await folder.close();
  }
  return found.sort((a, b) => a.path.localeCompare(b.path));
}

/** The servable files under the thread's outputs/ (listServable). */
export function listOutputs(root: string, threadId: string): Promise<OutputFile[]> {
  return listServable(root, threadId, "outputs");
}

export interface ThreadFile {
  data: Buffer;
  mime: string;
  /** Canonical virtual path of the file served. */
  path: string;
}

/** Read one file of the thread (any area) with the same confinement as the tools. */
export async function readThreadFile(
  root: string,
  threadId: string,
  virtualPath: string,
  maxBytes: number = LIMITS.downloadBytes,
): Promise<ThreadFile> {
  const target = await resolveInThread(root, threadId, virtualPath);
  if (!target.exists) throw new SandboxPathError(virtualPath, "no such file");
  const fh = await openOwnFile(target, virtualPath, "read");
  try {
    const st = await fh.stat();
    if (!st.isFile()) throw new SandboxPathError(virtualPath, "it is not a file");
    if (st.size > maxBytes) throw new SandboxPathError(virtualPath, `the file is ${overLimit(st.size, maxBytes)}`);
    return { data: await fh.readFile(), mime: mimeOf(target.host), path: target.virtual };
  } finally {
    await fh.close();
  }
}

const MAX_NAME_BYTES = 200;

/**
 * A safe file name from a browser-supplied one: last path component only, no control or shell-ish
 * characters, no leading dots (so neither hidden files nor `..`), at most 200 bytes with the
 * extension kept.
 */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? "";
  let clean = base
    .normalize("NFC")
    .replace(/[^\p{L}\p{N}._ ()+-]/gu, "_")
    .replace(/\s+/g, " ")
    .replace(/^[.\s]+/, "")
    .trim();
  if (clean === "" || /^_+$/.exec(clean) !== null) clean = "upload";
  if (Buffer.byteLength(clean) > MAX_NAME_BYTES) {
    const ext = path.extname(clean).slice(0, 16);
    let stem = clean.slice(0, clean.length - ext.length);
    while (Buffer.byteLength(stem + ext) > MAX_NAME_BYTES) stem = stem.slice(0, -1);
    clean = stem + ext;
  }
  return clean;
}
