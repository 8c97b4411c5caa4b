import type { FileEntry, FilesListing } from "@/lib/contracts/files";

export function filesUrl(threadId: string): string {
  return `/api/files/${encodeURIComponent(threadId)}`;
}

/** The route that serves one file's bytes: inline for previews, as an attachment for downloads. */
export function fileContentUrl(threadId: string, path: string, opts: { download?: boolean } = {}): string {
  const q = new URLSearchParams({ path });
  if (opts.download) q.set("download", "1");
  return `${filesUrl(threadId)}/content?${q.toString()}`;
}

/** `too_large`: text or code over MAX_TEXT_PREVIEW_BYTES (the panel says so, and offers the download). */
export type PreviewKind = "markdown" | "text" | "image" | "too_large" | "none";

const MARKDOWN_EXT = /\.(md|markdown|mdx)$/i;
const TEXT_MIME = /^(text\/|application\/(json|x-ndjson|yaml|xml|sql|toml|javascript)$)/;
const TEXT_EXT =
  /\.(txt|log|csv|tsv|json|jsonl|ya?ml|xml|html?|css|[cm]?js|jsx|tsx?|py|rb|go|rs|java|c|h|cpp|hpp|sh|sql|toml|ini|cfg|conf|env)$/i;

/** Text files over this are offered as a download only: a browser tab should not hold megabytes of <pre>. */
export const MAX_TEXT_PREVIEW_BYTES = 512 * 1024;

/** How the panel shows a file: rendered markdown, text or code in a <pre>, an image, or not at all. */
export function previewKind(file: Pick<FileEntry, "name" | "mime" | "size">): PreviewKind {
  const mime = file.mime.toLowerCase();
  if (mime.startsWith("image/")) return "image";
  const textual =
    mime === "text/markdown" || MARKDOWN_EXT.test(file.name) || TEXT_MIME.test(mime) || TEXT_EXT.test(file.name);
  if (!textual) return "none";
  if (file.size > MAX_TEXT_PREVIEW_BYTES) return "too_large";
  return mime === "text/markdown" || MARKDOWN_EXT.test(file.name) ? "markdown" : "text";
}

/** Where a file sits in the thread's folder, e.g. "outputs" or "uploads/data". */
export function folderOf(path: string): string {
  const rel = path.replace(/^\/mnt\/user-data\//, "");
  const i = rel.lastIndexOf("/");
  return i < 0 ? "" : rel.slice(0, i);
}

/** Outputs that were not presented: the panel lists them apart, so "artifacts" stays what the agent chose to show. */
export function otherOutputs(listing: FilesListing): FileEntry[] {
  const presented = new Set(listing.artifacts.map((a) => a.path));
  return listing.outputs.filter((o) => !presented.has(o.path));
}

/** A stable key for `values.artifacts`, to refetch the listing when the presented set changes. */
export function artifactsKey(artifacts: unknown): string {
  return Array.isArray(artifacts) ? artifacts.filter((a): a is string => typeof a === "string").join("\n") : "";
}
