"use client";

import { type KeyboardEvent, type Ref, useEffect, useRef, useState } from "react";
import { useT } from "@/components/i18n/i18n";
import { CloseIcon, EditIcon, PlusIcon, SearchIcon, TrashIcon } from "@/components/icons";
import { relativeTime } from "@/components/lib/relative-time";
import { filterThreads, type ThreadSummary } from "@/components/lib/threads";
import { SettingsBar } from "@/components/settings/settings-bar";

export interface ThreadListProps {
  threads: ThreadSummary[];
  currentId: string | null;
  error: string | null;
  onNew: () => void;
  onSelect: (id: string) => void;
  onDelete: (id: string) => void;
  onRename: (id: string, title: string) => void;
  onClose?: () => void;
  className?: string;
  /** The list element, for the drawer's focus handling (use-modal-drawer.ts). */
  ref?: Ref<HTMLElement>;
  /** A drawer covering the page: a modal dialog. */
  modal?: boolean;
  /** Out of reach (another drawer covers the page). */
  inert?: boolean;
}

const DOT: Record<string, string> = {
  busy: "animate-pulse bg-amber-500",
  interrupted: "bg-sky-500",
  error: "bg-red-500",
};

/**
 * The person's conversations: start one, find one, switch, rename, delete. One Tab stop for the whole
 * list (the arrow keys move inside it; F2 renames, Delete deletes); on touch screens the actions are
 * always visible.
 */
export function ThreadList(props: ThreadListProps) {
  const { threads, currentId, error, onNew, onSelect, onDelete, onRename, onClose, className = "" } = props;
  const { ref, modal = false, inert = false } = props;
  const t = useT();
  const [query, setQuery] = useState("");
  const [confirming, setConfirming] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<{ id: string; title: string } | null>(null);
  const [focusId, setFocusId] = useState<string | null>(null);
  const now = useMinute();
  const shown = filterThreads(threads, query);
  const tabbable =
    shown.find((th) => th.id === focusId)?.id ?? shown.find((th) => th.id === currentId)?.id ?? shown[0]?.id;
  const list = useRef<HTMLUListElement>(null);

  const focusItem = (id: string | undefined) => {
    if (!id) return;
    setFocusId(id);
    list.current?.querySelector<HTMLButtonElement>(`[data-thread-id="${CSS.escape(id)}"] [data-role="open"]`)?.focus();
  };
  // Where the keyboard goes once a rename or a delete the keyboard started is over: back to that row (or, after a
  // delete, its neighbour), not to the page's body, from where the arrow keys reach nothing.
  const [refocus, setRefocus] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focusItem is this render's; the row is in the list now
  useEffect(() => {
    if (refocus === null || renaming !== null) return;
    focusItem(refocus);
    setRefocus(null);
  }, [refocus, renaming]);
  const onItemKey = (e: KeyboardEvent, id: string) => {
    const at = shown.findIndex((th) => th.id === id);
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      focusItem(shown[Math.min(shown.length - 1, Math.max(0, at + (e.key === "ArrowDown" ? 1 : -1)))]?.id);
    } else if (e.key === "Home" || e.key === "End") {
      e.preventDefault();
      focusItem((e.key === "Home" ? shown[0] : shown.at(-1))?.id);
    } else if (e.key === "F2") {
      e.preventDefault();
      setRenaming({ id, title: shown[at]?.title ?? "" });
    } else if (e.key === "Delete") {
      e.preventDefault();
      setConfirming(id);
    }
  };
  const saveRename = () => {
    if (!renaming) return;
    const title = renaming.title.trim();
    if (title) onRename(renaming.id, title);
    setRenaming(null);
  };

  return (
    <nav
      ref={ref}
      data-drawer="threads"
      role={modal ? "dialog" : undefined}
      inert={inert || undefined}
      aria-label={t("threads.label")}
      className={`flex min-h-0 flex-col border-r border-stone-200 bg-white ${className}`}
    >
      <div className="flex items-center gap-2 px-3 py-3">
        <div className="flex items-center gap-2 font-semibold tracking-tight">
          <img src="/favicon.svg" alt="" width={22} height={22} />
          Fawn
        </div>
        {onClose && (
          <button
            type="button"
            onClick={onClose}
            aria-label={t("threads.close")}
            className="ml-auto rounded p-1 text-stone-600 hover:bg-stone-100 md:hidden"
          >
            <CloseIcon />
          </button>
        )}
      </div>
      <div className="space-y-2 px-3 pb-2">
        <button
          type="button"
          data-testid="new-thread"
          onClick={onNew}
          title={t("threads.newHint")}
          className="flex w-full items-center justify-center gap-1.5 rounded-lg border border-stone-300 px-3 py-1.5 text-sm font-medium hover:bg-stone-50"
        >
          <PlusIcon /> {t("thread.new")}
        </button>
        <label className="flex items-center gap-1.5 rounded-lg border border-stone-200 bg-stone-50 px-2 focus-within:border-fawn-400">
          <SearchIcon width={14} height={14} className="shrink-0 text-stone-500" />
          <input
            type="search"
            data-testid="thread-search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t("threads.search")}
            aria-label={t("threads.search")}
            className="min-w-0 flex-1 bg-transparent py-1 text-sm outline-none focus-visible:ring-2 focus-visible:ring-fawn-400/60 placeholder:text-stone-500"
          />
        </label>
      </div>
      {error && (
        <p role="alert" className="mx-3 mb-2 break-words rounded bg-red-50 px-2 py-1 text-xs text-red-800">
          {error}
        </p>
      )}
      <ul ref={list} aria-label={t("threads.label")} className="min-h-0 flex-1 space-y-0.5 overflow-y-auto px-2 pb-3">
        {shown.length === 0 && (
          <li className="px-2 py-1 text-xs text-stone-600">{query ? t("threads.noMatch") : t("threads.none")}</li>
        )}
        {shown.map((th) => {
          const active = th.id === currentId;
          const title = th.title || t("thread.untitled");
          const when = relativeTime(th.updatedAt, now);
          const whenText = when
            ? "date" in when
              ? when.date
              : t(when.key, "count" in when ? { count: when.count } : undefined)
            : "";
          const dot = DOT[th.status];
          if (renaming?.id === th.id) {
            return (
              <li key={th.id} data-testid="thread-item" data-thread-id={th.id} className="px-1 py-1">
                <form
                  onSubmit={(e) => {
                    e.preventDefault();
                    saveRename();
                  }}
                >
                  <input
                    data-testid="thread-rename-input"
                    value={renaming.title}
                    onChange={(e) => setRenaming({ id: th.id, title: e.target.value })}
                    onKeyDown={(e) => {
                      if (e.key === "Escape") {
                        e.stopPropagation();
                        setRenaming(null);
                        setRefocus(th.id);
                      } else if (e.key === "Enter") setRefocus(th.id);
                    }}
                    onBlur={saveRename}
                    aria-label={t("threads.renameLabel")}
                    maxLength={120}
                    // biome-ignore lint/a11y/noAutofocus: the person just asked to rename this thread
                    autoFocus
                    className="w-full rounded-md border border-fawn-400 bg-white px-2 py-1 text-sm outline-none focus-visible:ring-2 focus-visible:ring-fawn-400/60"
                  />
                </form>
              </li>
            );
          }
          return (
            <li
              key={th.id}
              data-testid="thread-item"
              data-thread-id={th.id}
              data-active={active || undefined}
              data-status={th.status}
              className={`group flex items-center rounded-lg ${active ? "bg-fawn-100" : "hover:bg-stone-100"}`}
            >
              <button
                type="button"
                data-role="open"
                onClick={() => onSelect(th.id)}
                onKeyDown={(e) => onItemKey(e, th.id)}
                onFocus={() => setFocusId(th.id)}
                tabIndex={th.id === tabbable ? 0 : -1}
                aria-current={active ? "page" : undefined}
                className="min-w-0 flex-1 px-2 py-1.5 text-left"
              >
                <div className="flex items-center gap-1.5">
                  {dot && (
                    <span
                      data-testid="thread-status-dot"
                      className={`h-1.5 w-1.5 shrink-0 rounded-full ${dot}`}
                      title={t(`threads.status.${th.status}` as "threads.status.busy")}
                    />
                  )}
                  <span data-testid="thread-title" className="truncate text-sm">
                    {title}
                  </span>
                </div>
                <div data-testid="thread-meta" className="truncate text-[11px] text-stone-600">
                  {[whenText, th.turns > 0 ? t("threads.turns", { count: th.turns }) : ""].filter(Boolean).join(" · ")}
                  {dot && (
                    <span className="sr-only"> · {t(`threads.status.${th.status}` as "threads.status.busy")}</span>
                  )}
                </div>
              </button>
              {confirming === th.id ? (
                <span className="flex shrink-0 items-center gap-1 pr-1">
                  <button
                    type="button"
                    data-testid="confirm-delete"
                    onClick={() => {
                      const at = shown.findIndex((x) => x.id === th.id);
                      setConfirming(null);
                      setRefocus((shown[at + 1] ?? shown[at - 1])?.id ?? null);
                      onDelete(th.id);
                    }}
                    className="rounded bg-red-700 px-1.5 py-0.5 text-[11px] font-medium text-white hover:bg-red-800"
                  >
                    {t("common.delete")}
                  </button>
                  <button
                    type="button"
                    onClick={() => {
                      setConfirming(null);
                      setRefocus(th.id);
                    }}
                    aria-label={t("threads.keep")}
                    className="rounded p-0.5 text-stone-600 hover:bg-stone-200"
                  >
                    <CloseIcon width={12} height={12} />
                  </button>
                </span>
              ) : (
                <span className="mr-1 flex shrink-0 items-center opacity-0 group-hover:opacity-100 group-focus-within:opacity-100 pointer-coarse:opacity-100">
                  <button
                    type="button"
                    data-testid="thread-rename"
                    tabIndex={-1}
                    onClick={() => setRenaming({ id: th.id, title: th.title })}
                    aria-label={t("threads.rename", { title })}
                    title={t("threads.renameHint")}
                    className="rounded p-1 text-stone-600 hover:bg-stone-200 hover:text-stone-900"
                  >
                    <EditIcon width={14} height={14} />
                  </button>
                  <button
                    type="button"
                    data-testid="delete-thread"
                    tabIndex={-1}
                    onClick={() => setConfirming(th.id)}
                    aria-label={t("threads.delete", { title })}
                    title={t("threads.deleteHint")}
                    className="rounded p-1 text-stone-600 hover:bg-stone-200 hover:text-red-700"
                  >
                    <TrashIcon width={14} height={14} />
                  </button>
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <SettingsBar />
    </nav>
  );
}

/** The current time, refreshed each minute for "5 min ago" labels. */
function useMinute(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(id);
  }, []);
  return now;
}
