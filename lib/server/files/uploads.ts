/**
 * POST /api/files/{threadId}/uploads (multipart/form-data, `file` fields): the body is read as a stream, each
 * file written to a temp file within its limit as it arrives, and the files are named in the thread's uploads/
 * only once the whole request has been read and checked; any refusal keeps none of them.
 */
import type { UploadedFile, UploadResponse } from "@/lib/contracts/files";
import { LIMITS, formatBytes } from "@/lib/sandbox/limits";
import { quotePath } from "@/lib/sandbox/paths";
import { UploadBatch, UploadTooLargeError } from "@/lib/sandbox/uploads";
import { ApiError } from "../http";
import { boundaryOf, MultipartError, readMultipart } from "./multipart";

export interface UploadLimits {
  /** Largest single file. */
  maxFileBytes: number;
  maxFiles: number;
}

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = { maxFileBytes: LIMITS.uploadBytes, maxFiles: 20 };

/** A text field is not kept, only read past; it may not be large. */
const MAX_FIELD_BYTES = 64 * 1024;
/** Text fields allowed besides the files (browsers and SDKs sometimes add one or two). */
const EXTRA_PARTS = 16;

async function skipField(name: string, body: AsyncIterable<Uint8Array>): Promise<void> {
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > MAX_FIELD_BYTES)
      throw new ApiError(413, "payload_too_large", `field ${quotePath(name)} is over ${formatBytes(MAX_FIELD_BYTES)}`);
  }
}

function multipartBoundary(request: Request): string {
  const contentType = request.headers.get("content-type") ?? "";
  const boundary = boundaryOf(contentType);
  if (boundary === null) {
    throw new ApiError(
      415,
      "unsupported_media_type",
      `uploads must be multipart/form-data (with a boundary) and one or more 'file' fields, got ${quotePath(contentType || "no content-type")}`,
    );
  }
  return boundary;
}

/** POST /api/files/{threadId}/uploads for a thread known to exist: every `file` field, saved together or not at all. */
export async function uploadFiles(
  request: Request,
  sandboxRoot: string,
  threadId: string,
  limits: UploadLimits = DEFAULT_UPLOAD_LIMITS,
): Promise<UploadResponse> {
  const boundary = multipartBoundary(request);
  const declared = Number(request.headers.get("content-length"));
  const ceiling = limits.maxFiles * (limits.maxFileBytes + MAX_FIELD_BYTES) + EXTRA_PARTS * MAX_FIELD_BYTES;
  if (Number.isFinite(declared) && declared > ceiling) {
    throw new ApiError(
      413,
      "payload_too_large",
      `upload request is ${formatBytes(declared)}: at most ${limits.maxFiles} files of ${formatBytes(limits.maxFileBytes)} each`,
    );
  }
  if (!request.body) throw new ApiError(400, "invalid_body", "no files: the body is empty");
  const batch = await UploadBatch.open(sandboxRoot, threadId);
  const fields = new Set<string>();
  let files = 0;
  try {
    const parts = readMultipart(request.body, boundary, {
      maxHeaderBytes: 16 * 1024,
      maxParts: limits.maxFiles + EXTRA_PARTS,
    });
    for await (const part of parts) {
      if (part.name !== "file") {
        // A file under another name is refused as one, whatever its size (else a large one was "a field over 64 KB").
        if (part.filename !== undefined)
          throw new ApiError(
            400,
            "invalid_body",
            `body.${part.name} holds a file (${quotePath(part.filename)}), but files are read from fields named 'file' only (one per file); no file of this upload was saved`,
          );
        fields.add(part.name);
        await skipField(part.name, part.body);
        continue;
      }
      if (part.filename === undefined)
        throw new ApiError(400, "invalid_body", `body.file[${files}] is a text field, not a file`);
      if (files >= limits.maxFiles)
        throw new ApiError(
          413,
          "payload_too_large",
          `more than ${limits.maxFiles} files in one upload; at most ${limits.maxFiles}`,
        );
      files++;
      await batch.stage(part.filename, part.body, limits.maxFileBytes);
    }
    if (files === 0) {
      const got = [...fields].map((f) => quotePath(f)).join(", ");
      throw new ApiError(
        400,
        "invalid_body",
        `no files: send one or more 'file' fields${got ? ` (got fields ${got})` : ""}`,
      );
    }
    const saved = await batch.commit();
    return { files: saved.map((s): UploadedFile => ({ path: s.path, name: s.filename, size: s.size, mime: s.mime })) };
  } catch (e) {
    await batch.discard();
    if (e instanceof UploadTooLargeError) {
      throw new ApiError(
        413,
        "payload_too_large",
        `file ${quotePath(e.filename)} is over the ${formatBytes(e.limit)} limit for uploads; no file of this upload was saved`,
      );
    }
    if (e instanceof MultipartError)
      throw new ApiError(400, "invalid_body", `the multipart body could not be parsed: ${e.message}`);
    if (request.signal.aborted && !(e instanceof ApiError))
      throw new ApiError(400, "invalid_body", "the upload was cut off by the client; no file of it was saved");
    throw e;
  }
}
