"use client";

import { useEffect, useState } from "react";
import { MarkdownText } from "@/components/chat/markdown";
import { useT } from "@/components/i18n/i18n";
import { fileContentUrl, MAX_TEXT_PREVIEW_BYTES, previewKind } from "@/components/lib/artifacts";
import type { FileEntry } from "@/lib/contracts/files";
import { errorText } from "@/components/lib/message-content";
import { formatBytes } from "@/components/lib/uploads";
import { BackIcon, DownloadIcon } from "./file-icons";

type TextState = { status: "loading" } | { status: "ok"; text: string } | { status: "error"; message: string };

/** Reads a text file through the content route; refetched when the file changes (its `modified`). */
function useFileText(url: string | null, version: string): TextState {
  const [state, setState] = useState<TextState>({ status: "loading" });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` changes when the file does: it re-fetches the same URL
  useEffect(() => {
    if (!url) return;
    const ac = new AbortController();
    setState({ status: "loading" });
    fetch(url, { signal: ac.signal, cache: "no-store" })
      .then(async (res) => {
        const body = await res.text();
        if (!res.ok) {
          let message = `HTTP ${res.status}`;
          try {
            const parsed: unknown = JSON.parse(body);
            const err = (parsed as { error?: { message?: unknown } }).error;
            if (typeof err?.message === "string") message = err.message;
          } catch {
            /* not a JSON error body */
          }
          throw new Error(message);
        }
        setState({ status: "ok", text: body });
      })
      .catch((e: unknown) => {
        if (!ac.signal.aborted) setState({ status: "error", message: errorText(e) });
      });
    return () => ac.abort();
  }, [url, version]);
  return state;
}

export interface ArtifactPreviewProps {
  threadId: string;
  file: FileEntry;
  onBack: () => void;
}

/** One file of the thread: rendered markdown, text or code, an image, or just the download. */
export function ArtifactPreview({ threadId, file, onBack }: ArtifactPreviewProps) {
  const t = useT();
  const kind = previewKind(file);
  const inline = fileContentUrl(threadId, file.path);
  const text = useFileText(kind === "markdown" || kind === "text" ? inline : null, file.modified);

  return (
    <div data-testid="artifact-preview" data-path={file.path} className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center gap-2 border-b border-stone-200 bg-white px-3 py-2">
        <button
          type="button"
          data-testid="artifact-back"
          onClick={onBack}
          aria-label={t("files.back")}
          className="rounded p-1 text-stone-500 hover:bg-stone-100"
        >
          <BackIcon />
        </button>
        <div className="min-w-0 flex-1">
          <div className="truncate font-mono text-[13px] font-medium" title={file.path}>
            {file.name}
          </div>
          <div className="text-[11px] text-stone-600">
            {formatBytes(file.size)} · {file.mime}
          </div>
        </div>
        <a
          data-testid="artifact-download"
          href={fileContentUrl(threadId, file.path, { download: true })}
          download={file.name}
          className="inline-flex shrink-0 items-center gap-1 rounded-lg border border-stone-300 px-2 py-1 text-xs font-medium hover:bg-stone-50"
        >
          <DownloadIcon width={14} height={14} /> {t("files.download")}
        </a>
      </div>
      <div className="min-h-0 flex-1 overflow-auto bg-white px-4 py-3">
        {kind === "image" && <ImagePreview key={`${file.path}@${file.modified}`} src={inline} name={file.name} />}
        {(kind === "none" || kind === "too_large") && (
          <p data-testid="artifact-no-preview" data-kind={kind} className="text-sm text-stone-600">
            {kind === "too_large"
              ? t("files.tooLargeToPreview", { limit: formatBytes(MAX_TEXT_PREVIEW_BYTES) })
              : t("files.noPreview")}{" "}
            <a
              href={inline}
              target="_blank"
              rel="noreferrer noopener"
              className="font-medium text-fawn-700 hover:underline"
            >
              {t("files.openTab")}
            </a>
          </p>
        )}
        {(kind === "markdown" || kind === "text") && text.status === "loading" && (
          <p className="text-sm text-stone-600">{t("common.loading")}</p>
        )}
        {(kind === "markdown" || kind === "text") && text.status === "error" && (
          <p role="alert" className="break-words rounded bg-red-50 px-2 py-1.5 text-xs text-red-800">
            {t("files.loadFailed", { name: file.name, detail: text.message })}
          </p>
        )}
        {kind === "markdown" && text.status === "ok" && <MarkdownText text={text.text} />}
        {kind === "text" && text.status === "ok" && (
          <pre className="whitespace-pre-wrap break-words font-mono text-xs leading-relaxed text-stone-800">
            {text.text}
          </pre>
        )}
      </div>
    </div>
  );
}

/** An image of the thread; one the browser cannot decode (damaged, or not what its name says) says so. */
function ImagePreview({ src, name }: { src: string; name: string }) {
  const t = useT();
  const [broken, setBroken] = useState(false);
  if (broken)
    return (
      <p data-testid="artifact-image-broken" role="alert" className="text-sm text-stone-600">
        {t("files.imageBroken")}
      </p>
    );
  // A plain img: the route serves it with a sandboxing CSP and no-store; next/image would proxy and cache it.
  return (
    <img
      src={src}
      alt={name}
      onError={() => setBroken(true)}
      className="mx-auto max-h-full max-w-full rounded border border-stone-200"
    />
  );
}
