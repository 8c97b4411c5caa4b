"use client";

import { FileIcon } from "./artifacts/file-icons";
import { useT } from "./i18n/i18n";
import { MenuIcon, PanelIcon } from "./icons";
import { ellipsis } from "./lib/truncate";

export interface ChatHeaderProps {
  title: string;
  loading: boolean;
  waiting: boolean;
  filesCount: number;
  promotedCount: number;
  filesOpen: boolean;
  toolsOpen: boolean;
  onThreads: () => void;
  onFiles: () => void;
  onTools: () => void;
}

/** The open thread's title and state, and (on narrow screens) the buttons for the drawers. */
export function ChatHeader(p: ChatHeaderProps) {
  const t = useT();
  return (
    <header className="flex items-center gap-2 border-b border-stone-200 bg-white px-4 py-2.5">
      <button
        type="button"
        data-testid="threads-toggle"
        onClick={p.onThreads}
        aria-label={t("header.showThreads")}
        className="rounded p-1 text-stone-600 hover:bg-stone-100 md:hidden"
      >
        <MenuIcon />
      </button>
      <h1 data-testid="thread-heading" className="min-w-0 truncate text-sm font-medium">
        {p.title ? ellipsis(p.title, 80) : t("thread.new")}
      </h1>
      {p.loading && (
        <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-[11px] text-amber-800">
          {t("status.running")}
        </span>
      )}
      {p.waiting && (
        <span className="shrink-0 rounded-full bg-sky-100 px-2 py-0.5 text-[11px] text-sky-800">
          {t("status.waiting")}
        </span>
      )}
      <button
        type="button"
        data-testid="files-toggle"
        onClick={p.onFiles}
        aria-expanded={p.filesOpen}
        className="ml-auto inline-flex shrink-0 items-center gap-1.5 rounded-lg border border-stone-300 px-2 py-1 text-xs font-medium hover:bg-stone-50 lg:hidden"
      >
        <FileIcon /> {t("side.files")}
        {p.filesCount > 0 && <span className="rounded-full bg-fawn-100 px-1.5 text-fawn-800">{p.filesCount}</span>}
      </button>
      <button
        type="button"
        data-testid="tools-toggle"
        onClick={p.onTools}
        aria-expanded={p.toolsOpen}
        className="inline-flex shrink-0 items-center gap-1.5 rounded-lg border border-stone-300 px-2 py-1 text-xs font-medium hover:bg-stone-50 lg:hidden"
      >
        <PanelIcon /> {t("side.tools")}
        {p.promotedCount > 0 && (
          <span className="rounded-full bg-emerald-100 px-1.5 text-emerald-800">{p.promotedCount}</span>
        )}
      </button>
    </header>
  );
}
