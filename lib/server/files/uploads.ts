/** POST /api/files/{threadId}/uploads (multipart/form-data, `file` fields): save into the thread's uploads/. */
import type { UploadedFile, UploadResponse } from "@/lib/contracts/files";
import { saveUpload } from "@/lib/sandbox/files";
import { LIMITS, formatBytes, overLimit } from "@/lib/sandbox/limits";
import { quotePath } from "@/lib/sandbox/paths";
import { ApiError, readBodyBytes } from "../http";

export interface UploadLimits {
  /** Largest single file. */
  maxFileBytes: number;
  maxFiles: number;
}

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = { maxFileBytes: LIMITS.uploadBytes, maxFiles: 20 };

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
  sandboxRoot: string,
  threadId: string,
  limits: UploadLimits = DEFAULT_UPLOAD_LIMITS,
): Promise<UploadResponse> {
  const contentType = request.headers.get("content-type") ?? "";
  if (/^multipart\/form-data\s*;/i.exec(contentType) === null) {
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
    const s = await saveUpload(
      sandboxRoot,
      threadId,
      f.name,
      new Uint8Array(await f.arrayBuffer()),
      limits.maxFileBytes,
    );
    saved.push({ path: s.path, name: s.filename, size: s.size, mime: s.mime });
  }
  return { files: saved };
}
