import { ErrorBodySchema } from "@/lib/contracts/errors";
import { type UploadedFile, UploadResponseSchema } from "@/lib/contracts/files";

/**
 * Files the person attached to a message (the upload route's contract, UploadedFile). The agent learns about
 * them from a block appended to the human text (the model reads it; nothing else in the state carries it),
 * and the chat shows that block as chips instead of text.
 */
export type { UploadedFile };

/** One file as the message view reads it back from the block: the size is only its label. */
export interface UploadMention {
  path: string;
  name: string;
  sizeLabel: string;
}

const OPEN = "<uploaded_files>";
const CLOSE = "</uploaded_files>";
const BLOCK = /\n*<uploaded_files>\n([\s\S]*?)\n?<\/uploaded_files>\n*/g;
const LINE = /^(.*\S) \(([^()]*)\)$/;

/** Sizes as the server writes them (lib/sandbox/limits formatBytes), so both sides read the same. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(n < 10 * 1024 ? 1 : 0)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

export function uploadedFilesBlock(files: readonly Pick<UploadedFile, "path" | "size">[]): string {
  return [OPEN, ...files.map((f) => `${f.path} (${formatBytes(f.size)})`), CLOSE].join("\n");
}

/** The human text sent to the agent: what the person wrote, then the block naming the saved files. */
export function withUploadedFiles(text: string, files: readonly Pick<UploadedFile, "path" | "size">[]): string {
  if (files.length === 0) return text;
  const block = uploadedFilesBlock(files);
  return text.trim() === "" ? block : `${text}\n\n${block}`;
}

function baseName(p: string): string {
  return p.slice(p.lastIndexOf("/") + 1) || p;
}

/** Splits a human message into what the person wrote and the files the block names. */
export function splitUploadedFiles(text: string): { text: string; files: UploadMention[] } {
  if (!text.includes(OPEN)) return { text, files: [] };
  const files: UploadMention[] = [];
  const rest = text.replace(BLOCK, (_block, body: string) => {
    for (const raw of body.split("\n")) {
      const line = raw.trim();
      if (line === "") continue;
      const m = LINE.exec(line);
      const path = m ? m[1] : line;
      files.push({ path, name: baseName(path), sizeLabel: m ? m[2] : "" });
    }
    return "\n";
  });
  return { text: rest.trim(), files };
}

function quoteNames(files: readonly { name: string }[]): string {
  return files.map((f) => `"${f.name}"`).join(", ");
}

export function uploadUrl(threadId: string): string {
  return `/api/files/${encodeURIComponent(threadId)}/uploads`;
}

/**
 * POSTs the files to the thread's uploads folder in one request. The server checks every file
 * before saving any, so a failure means none was saved; the error names the files and carries the
 * server's message (which names the offending one when it can).
 */
export async function uploadFiles(
  threadId: string,
  files: readonly File[],
  fetchImpl: typeof fetch = fetch,
): Promise<UploadedFile[]> {
  if (files.length === 0) return [];
  const form = new FormData();
  for (const f of files) form.append("file", f, f.name);
  const failed = (why: string) => {
    const err = new Error(`Upload of ${quoteNames(files)} failed: ${why}`);
    // The composer tells an upload refusal (fix the files) from a send failure (retry).
    err.name = "UploadError";
    return err;
  };
  let res: Response;
  try {
    res = await fetchImpl(uploadUrl(threadId), { method: "POST", body: form });
  } catch (e) {
    throw failed(e instanceof Error ? e.message : String(e));
  }
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    throw failed(`HTTP ${res.status}, not JSON: ${text.slice(0, 200)}`);
  }
  if (!res.ok) {
    const err = ErrorBodySchema.safeParse(body);
    throw failed(err.success ? `${err.data.error.message} (${err.data.error.code})` : `HTTP ${res.status}`);
  }
  const parsed = UploadResponseSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw failed(`unexpected response at "${issue?.path.join(".") || "(root)"}": ${issue?.message ?? "invalid"}`);
  }
  return parsed.data.files;
}

/** Files from a drop or a file picker, without ones already pending (same name, size and date). */
export function mergePending(pending: readonly File[], added: Iterable<File>): File[] {
  const key = (f: File) => `${f.name}|${f.size}|${f.lastModified}`;
  const seen = new Set(pending.map(key));
  const out = [...pending];
  for (const f of added) {
    if (seen.has(key(f))) continue;
    seen.add(key(f));
    out.push(f);
  }
  return out;
}
