"use client";

import { useT } from "@/components/i18n/i18n";
import { RefreshIcon } from "@/components/icons";
import { fileContentUrl, folderOf, otherOutputs } from "@/components/lib/artifacts";
import type { FileEntry } from "@/lib/contracts/files";
import { formatBytes } from "@/components/lib/uploads";
import { ArtifactPreview } from "./artifact-preview";
import { DownloadIcon, FileIcon } from "./file-icons";
import type { ThreadFilesState } from "./use-thread-files";

export interface ArtifactsPanelProps {
  files: ThreadFilesState;
  threadId: string | null;
  /** The file shown in the preview, by virtual path. */
  selected: string | null;
  onSelect: (path: string | null) => void;
  onRefresh: () => void;
  className?: string;
}

/** The files the agent presented in this thread (present_files), plus the thread's other outputs and uploads. */
export function ArtifactsPanel({
  files,
  threadId,
  selected,
  onSelect,
  onRefresh,
  className = "",
}: ArtifactsPanelProps) {
  const t = useT();
  const sameThread = files.fetchedFor === threadId;
  const listing = sameThread ? files.data : null;
  const all = listing ? [...listing.artifacts, ...listing.outputs, ...listing.uploads] : [];
  const open = selected ? all.find((f) => f.path === selected) : undefined;
  const others = listing ? otherOutputs(listing) : [];

  return (
    <section
      data-testid="artifacts-panel"
      aria-label={t("side.files")}
      className={`flex min-h-0 flex-col bg-stone-100 ${className}`}
    >
      {open && threadId ? (
        <ArtifactPreview threadId={threadId} file={open} onBack={() => onSelect(null)} />
      ) : (
        <>
          <div className="flex items-center gap-2 border-b border-stone-200 px-4 py-3">
            <h2 className="text-sm font-semibold">{t("side.files")}</h2>
            {listing && (
              <span className="text-xs text-stone-600">
                {t("files.counts", { presented: listing.artifacts.length, uploaded: listing.uploads.length })}
              </span>
            )}
            <button
              type="button"
              onClick={onRefresh}
              disabled={!threadId}
              title={t("files.reload")}
              aria-label={t("files.reload")}
              className={`ml-auto rounded p-1 text-stone-500 hover:bg-stone-200 disabled:opacity-40 ${files.loading ? "animate-spin" : ""}`}
            >
              <RefreshIcon />
            </button>
          </div>
          <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-4 py-3">
            {files.error && (
              <p
                data-testid="artifacts-error"
                role="alert"
                className="break-words rounded bg-red-50 px-2 py-1.5 text-xs text-red-800"
              >
                {t("files.listFailed", { detail: files.error })}
              </p>
            )}
            {!threadId && <p className="text-xs text-stone-600">{t("files.intro")}</p>}
            {threadId && !listing && !files.error && <p className="text-xs text-stone-600">{t("files.loading")}</p>}
            {threadId && listing && (
              <>
                <FileSection title={t("files.presented", { count: listing.artifacts.length })}>
                  {listing.artifacts.length > 0 ? (
                    <FileList files={listing.artifacts} threadId={threadId} testId="artifact" onSelect={onSelect} />
                  ) : (
                    <p className="text-xs text-stone-600">{t("files.nonePresented")}</p>
                  )}
                </FileSection>
                {listing.uploads.length > 0 && (
                  <FileSection title={t("files.uploaded", { count: listing.uploads.length })}>
                    <FileList files={listing.uploads} threadId={threadId} testId="uploaded-file" onSelect={onSelect} />
                  </FileSection>
                )}
                {others.length > 0 && (
                  <FileSection title={t("files.other", { count: others.length })}>
                    <FileList files={others} threadId={threadId} testId="output-file" onSelect={onSelect} />
                  </FileSection>
                )}
              </>
            )}
          </div>
        </>
      )}
    </section>
  );
}

function FileSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section>
      <h3 className="mb-1.5 text-[11px] font-semibold uppercase tracking-wide text-stone-600">{title}</h3>
      {children}
    </section>
  );
}

function FileList({
  files,
  threadId,
  testId,
  onSelect,
}: {
  files: FileEntry[];
  threadId: string;
  testId: string;
  onSelect: (path: string) => void;
}) {
  const t = useT();
  return (
    <ul className="rounded-lg border border-stone-200 bg-white p-1">
      {files.map((f) => (
        <li
          key={f.path}
          data-testid={testId}
          data-path={f.path}
          className="flex items-center gap-1 rounded-md hover:bg-stone-50"
        >
          <button
            type="button"
            onClick={() => onSelect(f.path)}
            title={t("files.preview", { path: f.path })}
            className="flex min-w-0 flex-1 items-center gap-2 px-2 py-1.5 text-left"
          >
            <FileIcon className="shrink-0 text-stone-500" />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-mono text-xs font-medium text-stone-900">{f.name}</span>
              <span className="block truncate text-[11px] text-stone-600">
                {folderOf(f.path)} · {formatBytes(f.size)}
              </span>
            </span>
          </button>
          <a
            href={fileContentUrl(threadId, f.path, { download: true })}
            download={f.name}
            aria-label={t("files.downloadName", { name: f.name })}
            title={t("files.downloadName", { name: f.name })}
            className="shrink-0 rounded p-1.5 text-stone-500 hover:bg-stone-200"
          >
            <DownloadIcon />
          </a>
        </li>
      ))}
    </ul>
  );
}
