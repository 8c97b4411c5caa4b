import fs from "node:fs/promises";
import { constants } from "node:fs";

/**
 * Size caps of the sandbox tools. They bound what a single call can put into the model's context
 * (and the checkpoint), and what a runaway call can write to disk.
 */
export const LIMITS = {
  /** read_file: text returned per call. */
  readBytes: 256 * 1024,
  /** write_file: content accepted per call. */
  writeBytes: 1024 * 1024,
  /** write_file append and str_replace: largest resulting file. */
  fileBytes: 10 * 1024 * 1024,
  /** str_replace: largest file it edits (it reads the whole file). */
  editBytes: 1024 * 1024,
  /** ls: entries listed per call. */
  lsEntries: 500,
  /** bash: captured output (stdout and stderr together) per call. */
  bashOutputBytes: 32 * 1024,
  /** bash: default timeout when config.yaml gives no timeout_s. */
  bashTimeoutS: 30,
  /** view_image: largest image sent to the model. */
  imageBytes: 5 * 1024 * 1024,
  /** files.readThreadFile: largest file served to the browser. */
  downloadBytes: 50 * 1024 * 1024,
  /** uploads.UploadBatch.stage (the upload route): largest uploaded file. */
  uploadBytes: 25 * 1024 * 1024,
  /** files.listOutputs: entries listed. */
  outputEntries: 1000,
} as const;

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(n < 10 * 1024 ? 1 : 0)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

/** "X, over the Y limit", in exact bytes when rounding would show the two sizes as equal. */
export function overLimit(size: number, limit: number): string {
  const [a, b] = [formatBytes(size), formatBytes(limit)];
  return a === b ? `${size} bytes, over the ${limit}-byte limit` : `${a}, over the ${b} limit`;
}

export function openForWrite(host: string, mode: "truncate" | "append" | "exclusive"): Promise<fs.FileHandle> {
  const how = mode === "append" ? constants.O_APPEND : mode === "truncate" ? constants.O_TRUNC : constants.O_EXCL;
  return fs.open(host, constants.O_WRONLY | constants.O_CREAT | constants.O_NOFOLLOW | how, 0o644);
}

/** A NUL byte in the first 8 KB is the usual sign of a binary file. */
export function looksBinary(head: Buffer): boolean {
  return head.subarray(0, 8192).includes(0);
}
