"use client";

import { createContext, useContext, useState } from "react";
import { SubtaskIcon } from "@/components/artifacts/file-icons";
import type { MessageKey } from "@/components/i18n/en";
import { type Translate, useT } from "@/components/i18n/i18n";
import { ChevronIcon } from "@/components/icons";
import { prettyResult } from "@/components/lib/message-content";
import {
  subtaskStatus,
  taskArgs,
  type SubtaskEvent,
  type SubtaskProgress,
  type SubtaskStatus,
} from "@/components/lib/subtasks";
import type { ToolCallView } from "@/components/lib/timeline";
import { MarkdownText } from "./markdown";
import { TruncatedText } from "./truncated-text";

/** Live subagent progress from the stream's `custom` events, by `task` tool call id. */
export const SubtaskProgressContext = createContext<SubtaskProgress>({});

const STYLE: Record<SubtaskStatus, { border: string; badge: string; label: MessageKey }> = {
  running: { border: "border-violet-200", badge: "bg-amber-100 text-amber-800", label: "status.running" },
  done: { border: "border-violet-200", badge: "bg-emerald-100 text-emerald-800", label: "status.done" },
  error: { border: "border-red-200", badge: "bg-red-100 text-red-800", label: "status.error" },
  stopped: { border: "border-stone-200", badge: "bg-stone-200 text-stone-700", label: "status.stopped" },
};

/** A `task` call: the subagent's job, its progress while it works, then what it returned. */
export function SubtaskCard({ call, duration }: { call: ToolCallView; duration?: string }) {
  const t = useT();
  const events = useContext(SubtaskProgressContext)[call.id] ?? [];
  const { description, prompt } = taskArgs(call.args);
  const status = subtaskStatus(call.status, call.result !== undefined, events);
  const [showPrompt, setShowPrompt] = useState(false);
  const style = STYLE[status];
  const label = description || events.find((e) => e.description)?.description || t("subtask.untitled");

  return (
    <div data-testid="tool-call" data-tool-name={call.name} data-status={call.status} data-tool-call-id={call.id}>
      <div
        data-testid="subtask-card"
        data-status={status}
        className={`overflow-hidden rounded-lg border bg-violet-50/50 text-sm ${style.border}`}
      >
        <div className="flex items-center gap-2 px-3 py-2">
          <SubtaskIcon className="shrink-0 text-violet-600" />
          <span className="shrink-0 text-[11px] font-semibold uppercase tracking-wide text-violet-700">
            {t("subtask.label")}
          </span>
          <span data-testid="subtask-description" className="min-w-0 truncate font-medium text-stone-900" title={label}>
            {label}
          </span>
          <span className="ml-auto flex shrink-0 items-center gap-2">
            {duration && (
              <span data-testid="tool-duration" className="font-mono text-[11px] tabular-nums text-stone-600">
                {duration}
              </span>
            )}
            <span
              data-testid="subtask-status"
              className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[11px] font-medium ${style.badge}`}
            >
              {status === "running" && <span className="h-1.5 w-1.5 animate-pulse rounded-full bg-amber-500" />}
              {t(style.label)}
            </span>
          </span>
        </div>
        <div className="space-y-2 border-t border-violet-100 bg-white px-3 py-2">
          {prompt && (
            <div>
              <button
                type="button"
                onClick={() => setShowPrompt((s) => !s)}
                aria-expanded={showPrompt}
                className="flex items-center gap-1 text-[11px] font-semibold uppercase tracking-wide text-stone-500 hover:text-stone-800"
              >
                <ChevronIcon
                  width={12}
                  height={12}
                  className={`transition-transform ${showPrompt ? "rotate-90" : ""}`}
                />{" "}
                {t("subtask.instructions")}
              </button>
              {showPrompt && (
                <div className="mt-1">
                  <TruncatedText text={prompt} maxLines={10} maxChars={800} />
                </div>
              )}
            </div>
          )}
          {events.length > 0 && (
            <ol data-testid="subtask-progress" className="space-y-0.5 text-xs text-stone-600">
              {events.map((e, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: progress events are append-only; the index is their identity
                <li key={`${e.status}-${i}`} data-testid="subtask-event" data-status={e.status} className="flex gap-2">
                  <span
                    className={`mt-1.5 h-1.5 w-1.5 shrink-0 rounded-full ${e.status === "error" ? "bg-red-500" : e.status === "done" ? "bg-emerald-500" : "bg-amber-500"}`}
                  />
                  <span className="min-w-0 break-words">{eventText(t, e, call.result === undefined)}</span>
                </li>
              ))}
            </ol>
          )}
          {call.result === undefined ? (
            status === "running" ? (
              <p className="text-xs text-stone-600">{t("subtask.working")}</p>
            ) : status === "stopped" ? (
              <p className="text-xs text-stone-600">{t("subtask.stopped")}</p>
            ) : null
          ) : (
            <div data-testid="subtask-result">
              <div className="mb-1 text-[11px] font-semibold uppercase tracking-wide text-stone-600">
                {status === "error" ? t("tool.error") : t("tool.result")}
              </div>
              {status === "error" ? (
                <TruncatedText text={prettyResult(call.result)} />
              ) : (
                // The subagent's answer is model text, written as markdown like any reply.
                <div className="max-h-[28rem] overflow-auto rounded-md bg-stone-50 px-3 py-2">
                  <MarkdownText text={call.result} />
                </div>
              )}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

/** One progress line. A "done" event's detail is the start of the result, shown only until the result itself arrives. */
function eventText(t: Translate, e: SubtaskEvent, resultPending: boolean): string {
  if (e.status === "running") return e.detail ? e.detail : t("subtask.started");
  if (e.status === "error") return e.detail ? t("subtask.failedWith", { detail: e.detail }) : t("subtask.failed");
  return e.detail && resultPending ? t("subtask.finishedWith", { detail: e.detail }) : t("subtask.finished");
}
