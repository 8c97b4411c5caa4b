import fs from "node:fs/promises";
import path from "node:path";
import { THREAD_ID_PATTERN as THREAD_ID } from "@/lib/contracts/thread-id";

/**
 * The virtual path scheme the model sees. Each thread owns `<sandbox root>/threads/<thread_id>/`,
 * shown to the model as `/mnt/user-data/`, holding three areas:
 *   uploads/   files the user sent;  workspace/  scratch space;  outputs/  files to present.
 * A path is either absolute under `/mnt/user-data/` or relative to it (`workspace/notes.md`), so
 * relative paths mean the same in the file tools and in `bash`, whose working directory is the
 * thread folder. Every resolved path is checked against the real thread folder after resolving
 * symlinks, so nothing a path names can lie outside it.
 */
export const VIRTUAL_ROOT = "/mnt/user-data";
export const AREAS = ["uploads", "workspace", "outputs"] as const;
export type Area = (typeof AREAS)[number];

export const MAX_PATH_CHARS = 1024;
const MAX_SEGMENT_BYTES = 255;
const MAX_HOST_PATH_CHARS = 4096;

/** The paragraph every file tool's description carries, so the model learns one scheme. */
export const PATHS_HELP =
  `Paths: this conversation's files live under ${VIRTUAL_ROOT}/ in three folders: uploads/ (files the user sent), ` +
  `workspace/ (your scratch space) and outputs/ (files meant for the user). Write either ${VIRTUAL_ROOT}/workspace/notes.md ` +
  `or the relative form workspace/notes.md; both mean the same file. '..', other absolute paths and symlinks leading ` +
  `outside are refused.`;

export class SandboxPathError extends Error {
  constructor(
    readonly userPath: string,
    reason: string,
  ) {
    super(`path ${quotePath(userPath)} refused: ${reason}`);
    this.name = "SandboxPathError";
  }
}

/**
 * Invisible format characters (Unicode category Cf): bidi controls such as U+202E, which make
 * "report\u202Efdp.exe" display as "reportexe.pdf", zero-width characters, the BOM, soft hyphens.
 */
const FORMAT_CHAR = /\p{Cf}/u;
const FORMAT_CHARS = /\p{Cf}/gu;

/**
 * A path for an error message: JSON-quoted (so NUL and control bytes are visible), invisible
 * format characters spelled out as \uXXXX (so the message cannot be reordered by them), long ones shortened.
 */
export function quotePath(p: string): string {
  const s = typeof p === "string" ? p : String(p);
  return spellFormatChars(JSON.stringify(s.length > 120 ? `${s.slice(0, 120)}… (${s.length} chars)` : s));
}

/** A name with its invisible format characters spelled out as \uXXXX, for listings. */
export function spellFormatChars(name: string): string {
  return name.replace(FORMAT_CHARS, (c) => `\\u${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`);
}

/** Whether a file name would display as something other than what it is. */
export function hasFormatChars(name: string): boolean {
  return FORMAT_CHAR.exec(name) !== null;
}

export interface VirtualPath {
  /** null for the thread root `/mnt/user-data` itself. */
  area: Area | null;
  /** Segments below the area, without `.` or empty ones. */
  segments: string[];
}

function isArea(s: string): s is Area {
  return (AREAS as readonly string[]).includes(s);
}

/** Parse a model-supplied path without touching the file system. Throws SandboxPathError. */
export function parseVirtualPath(userPath: string): VirtualPath {
  if (typeof userPath !== "string" || userPath.trim() === "")
    throw new SandboxPathError(String(userPath), "the path is empty");
  if (userPath.length > MAX_PATH_CHARS)
    throw new SandboxPathError(userPath, `longer than ${MAX_PATH_CHARS} characters`);
  if (userPath.includes("\0")) throw new SandboxPathError(userPath, "contains a NUL byte");
  // eslint-disable-next-line no-control-regex
  if (/[\x01-\x1f\x7f]/.exec(userPath) !== null) throw new SandboxPathError(userPath, "contains a control character");
  if (userPath.includes("\\")) throw new SandboxPathError(userPath, "contains a backslash; use forward slashes");
  if (hasFormatChars(userPath)) {
    throw new SandboxPathError(
      userPath,
      "contains an invisible format character (such as a bidi control like U+202E or a zero-width space), which would make the name display as something else",
    );
  }
  let rest: string;
  if (userPath.startsWith("/")) {
    if (userPath !== VIRTUAL_ROOT && !userPath.startsWith(`${VIRTUAL_ROOT}/`)) {
      throw new SandboxPathError(
        userPath,
        `absolute paths must be under ${VIRTUAL_ROOT}/ (for example ${VIRTUAL_ROOT}/workspace/notes.md)`,
      );
    }
    rest = userPath.slice(VIRTUAL_ROOT.length);
  } else if (userPath.startsWith("~")) {
    throw new SandboxPathError(userPath, `'~' is not expanded; use ${VIRTUAL_ROOT}/workspace/… or workspace/…`);
  } else {
    rest = userPath;
  }
  const segs = rest.split("/").filter((s) => s !== "" && s !== ".");
  if (segs.includes("..")) throw new SandboxPathError(userPath, "'..' segments are not allowed");
  if (segs.some((s) => Buffer.byteLength(s) > MAX_SEGMENT_BYTES)) {
    throw new SandboxPathError(userPath, `a path segment is longer than ${MAX_SEGMENT_BYTES} bytes`);
  }
  if (segs.length === 0) return { area: null, segments: [] };
  const [first, ...segments] = segs;
  if (!isArea(first)) {
    throw new SandboxPathError(
      userPath,
      `it must lie in uploads/, workspace/ or outputs/ (for example workspace/${segs.join("/")}), not in "${first}"`,
    );
  }
  return { area: first, segments };
}

export function virtualPathOf(vp: VirtualPath): string {
  return [VIRTUAL_ROOT, ...(vp.area ? [vp.area] : []), ...vp.segments].join("/");
}

export function assertThreadId(threadId: string): void {
  if (typeof threadId !== "string" || THREAD_ID.exec(threadId) === null) {
    throw new Error(`thread id ${quotePath(String(threadId))} is invalid: it must match ${THREAD_ID.source}`);
  }
}

/**
 * Create the thread's folders if needed and return the thread folder's real path. The folders
 * below the sandbox root must be real directories: a symlink there would move the whole thread.
 */
export async function ensureThreadDir(root: string, threadId: string): Promise<string> {
  assertThreadId(threadId);
  const lexical = path.join(root, "threads", threadId);
  await Promise.all(AREAS.map((a) => fs.mkdir(path.join(lexical, a), { recursive: true })));
  const realRoot = await fs.realpath(root);
  const dir = path.join(realRoot, "threads", threadId);
  for (const p of [path.join(realRoot, "threads"), dir, ...AREAS.map((a) => path.join(dir, a))]) {
    const st = await fs.lstat(p);
    if (st.isSymbolicLink() || !st.isDirectory()) {
      throw new Error(`sandbox folder ${p} must be a real directory, not a symlink or file (thread ${threadId})`);
    }
  }
  return dir;
}

export interface ResolvedPath {
  /** Canonical virtual path of the real target, e.g. /mnt/user-data/workspace/notes.md. */
  virtual: string;
  /** Host path with every existing symlink resolved; a missing tail is appended as given. */
  host: string;
  /** The area the real target lies in; null only for the thread root (allowed with allowRoot). */
  area: Area | null;
  /** Whether the target exists. */
  exists: boolean;
  /** Real thread folder. */
  threadDir: string;
}

function isInside(child: string, parent: string): boolean {
  return child === parent || child.startsWith(parent + path.sep);
}

/** The virtual path of a host path inside the thread folder. */
export function hostToVirtual(threadDir: string, host: string): string {
  const rel = path.relative(threadDir, host);
  return rel === "" ? VIRTUAL_ROOT : `${VIRTUAL_ROOT}/${rel.split(path.sep).join("/")}`;
}

/**
 * Resolve a model-supplied path to a host path inside the thread's folder. Existing parts are
 * resolved with realpath (so a symlink anywhere on the way, including the parent of a file about
 * to be created, is followed and checked); a dangling symlink is refused, since writing through it
 * would create its target wherever it points.
 */
export async function resolveInThread(
  root: string,
  threadId: string,
  userPath: string,
  opts: { allowRoot?: boolean } = {},
): Promise<ResolvedPath> {
  const vp = parseVirtualPath(userPath);
  if (vp.area === null && !opts.allowRoot) {
    throw new SandboxPathError(
      userPath,
      `it names the folder ${VIRTUAL_ROOT} itself; give a path in uploads/, workspace/ or outputs/`,
    );
  }
  const threadDir = await ensureThreadDir(root, threadId);
  const lexical = path.join(threadDir, vp.area ?? "", ...vp.segments);
  if (lexical.length > MAX_HOST_PATH_CHARS) throw new SandboxPathError(userPath, "the resulting path is too long");

  let existing = lexical;
  const missing: string[] = [];
  for (;;) {
    try {
      await fs.lstat(existing);
      break;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "ENOTDIR") throw e;
      missing.unshift(path.basename(existing));
      existing = path.dirname(existing);
    }
  }
  let real: string;
  try {
    real = await fs.realpath(existing);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT")
      throw new SandboxPathError(userPath, "it goes through a symlink whose target does not exist");
    if (code === "ELOOP") throw new SandboxPathError(userPath, "it goes through a symlink loop");
    throw e;
  }
  if (!isInside(real, threadDir)) {
    throw new SandboxPathError(userPath, "it resolves outside this thread's folder (through a symlink)");
  }
  if (missing.length > 0 && !(await fs.stat(real)).isDirectory()) {
    throw new SandboxPathError(userPath, `${hostToVirtual(threadDir, real)} is a file, not a folder`);
  }
  const host = path.join(real, ...missing);
  const first = path.relative(threadDir, host).split(path.sep)[0];
  const area = isArea(first) ? first : null;
  if (area === null && !(opts.allowRoot && host === threadDir)) {
    throw new SandboxPathError(userPath, "it resolves outside uploads/, workspace/ and outputs/ (through a symlink)");
  }
  return { virtual: hostToVirtual(threadDir, host), host, area, exists: missing.length === 0, threadDir };
}
