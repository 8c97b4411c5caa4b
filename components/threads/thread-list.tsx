"use client";

import { useEffect, useState } from "react";
import { CloseIcon, PlusIcon, TrashIcon } from "@/components/icons";
import { relativeTime } from "@/components/lib/relative-time";
import type { ThreadSummary } from "@/components/lib/threads";

export interface ThreadListProps {
  threads: ThreadSummary[];
  currentId: string | null;
  error: string | null;
  onNew: () => void;
  onSelect: (id: string) => void;
  onDelete: (id: string) => void;
  onClose?: () => void;
  className?: string;
}

/** The person's conversations with the lead agent: start one, switch, delete. */
export function ThreadList({
  threads,
  currentId,
  error,
  onNew,
  onSelect,
  onDelete,
  onClose,
  className = "",
}: ThreadListProps) {
  const [confirming, setConfirming] = useState<string | null>(null);
  const now = useMinute();
  return (
    <nav aria-label="Threads" className={`flex min-h-0 flex-col border-r border-stone-200 bg-white ${className}`}>
      <div className="flex items-center gap-2 px-3 py-3">
        <div className="flex items-center gap-2 font-semibold tracking-tight">
          <img src="/favicon.svg" alt="" width={22} height={22} />
          Fawn
        </div>
        {onClose && (
          <button
            type="button"
            onClick={onClose}
            aria-label="Close threads"
            className="ml-auto rounded p-1 text-stone-500 hover:bg-stone-100 md:hidden"
          >
            <CloseIcon />
          </button>
        )}
      </div>
      <div className="px-3 pb-2">
        <button
          type="button"
          data-testid="new-thread"
          onClick={onNew}
          className="flex w-full items-center justify-center gap-1.5 rounded-lg border border-stone-300 px-3 py-1.5 text-sm font-medium hover:bg-stone-50"
        >
          <PlusIcon /> New thread
        </button>
      </div>
      {error && (
        <p role="alert" className="mx-3 mb-2 break-words rounded bg-red-50 px-2 py-1 text-xs text-red-800">
          {error}
        </p>
      )}
      <ul className="min-h-0 flex-1 space-y-0.5 overflow-y-auto px-2 pb-3">
        {threads.length === 0 && <li className="px-2 py-1 text-xs text-stone-400">No threads yet.</li>}
        {threads.map((t) => {
          const active = t.id === currentId;
          return (
            <li
              key={t.id}
              data-testid="thread-item"
              data-thread-id={t.id}
              data-active={active || undefined}
              className={`group flex items-center rounded-lg ${active ? "bg-fawn-100" : "hover:bg-stone-100"}`}
            >
              <button
                type="button"
                onClick={() => onSelect(t.id)}
                aria-current={active ? "page" : undefined}
                className="min-w-0 flex-1 px-2 py-1.5 text-left"
              >
                <div className="flex items-center gap-1.5">
                  {t.status === "busy" && (
                    <span className="h-1.5 w-1.5 shrink-0 animate-pulse rounded-full bg-amber-500" title="running" />
                  )}
                  {t.status === "interrupted" && (
                    <span className="h-1.5 w-1.5 shrink-0 rounded-full bg-sky-500" title="waiting for an answer" />
                  )}
                  {t.status === "error" && (
                    <span className="h-1.5 w-1.5 shrink-0 rounded-full bg-red-500" title="last run failed" />
                  )}
                  <span data-testid="thread-title" className="truncate text-sm">
                    {t.title}
                  </span>
                </div>
                {t.updatedAt && <div className="text-[11px] text-stone-400">{relativeTime(t.updatedAt, now)}</div>}
              </button>
              {confirming === t.id ? (
                <span className="flex shrink-0 items-center gap-1 pr-1">
                  <button
                    type="button"
                    data-testid="confirm-delete"
                    onClick={() => {
                      setConfirming(null);
                      onDelete(t.id);
                    }}
                    className="rounded bg-red-600 px-1.5 py-0.5 text-[11px] font-medium text-white hover:bg-red-700"
                  >
                    Delete
                  </button>
                  <button
                    type="button"
                    onClick={() => setConfirming(null)}
                    aria-label="Keep the thread"
                    className="rounded p-0.5 text-stone-500 hover:bg-stone-200"
                  >
                    <CloseIcon width={12} height={12} />
                  </button>
                </span>
              ) : (
                <button
                  type="button"
                  data-testid="delete-thread"
                  onClick={() => setConfirming(t.id)}
                  aria-label={`Delete thread “${t.title}”`}
                  className="mr-1 shrink-0 rounded p-1 text-stone-400 opacity-0 hover:bg-stone-200 hover:text-red-600 focus:opacity-100 group-hover:opacity-100"
                >
                  <TrashIcon />
                </button>
              )}
            </li>
          );
        })}
      </ul>
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
