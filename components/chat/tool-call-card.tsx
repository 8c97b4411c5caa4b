"use client";

import { useState } from "react";
import { useT } from "@/components/i18n/i18n";
import { ChevronIcon, LockIcon, WrenchIcon } from "@/components/icons";
import { formatArgs } from "@/components/lib/message-content";
import { resultPreview } from "@/components/lib/result-view";
import type { ToolCallView } from "@/components/lib/timeline";
import { ellipsis } from "@/components/lib/truncate";
import { ResultContent } from "./result-content";
import { CallMeta } from "./status-badge";
import { SubtaskCard } from "./subtask-card";
import { ToolSearchCard } from "./tool-search-card";
import { TruncatedText } from "./truncated-text";

export interface ToolCallCardProps {
  call: ToolCallView;
  /** Formatted duration, when known (watched live, or from the checkpoints' timestamps). */
  duration?: string;
}

/** One tool call: what was called with what, what came back, how it ended and how long it took. */
export function ToolCallCard({ call, duration }: ToolCallCardProps) {
  // call_tool never runs these (they are not deferred): such a call is refused, and shown as a plain call.
  if (call.name === "tool_search" && !call.via) return <ToolSearchCard call={call} duration={duration} />;
  if (call.name === "task" && !call.via) return <SubtaskCard call={call} duration={duration} />;
  return <GenericCard call={call} duration={duration} />;
}

function GenericCard({ call, duration }: ToolCallCardProps) {
  const t = useT();
  // One line until asked: the arguments or, once it returned, the start of the result.
  const [open, setOpen] = useState(false);
  const args = formatArgs(call.args);
  const blocked = call.status === "blocked";
  const border = call.status === "error" ? "border-red-200" : blocked ? "border-orange-200" : "border-stone-200";
  // The whole one-line arguments stay in the DOM (CSS truncates), so a search of the page finds them.
  const oneLine = ellipsis(args, 200);
  const result = call.result !== undefined && !blocked ? ` → ${resultPreview(call.result, 120)}` : "";
  return (
    <div
      data-testid="tool-call"
      data-tool-name={call.name}
      data-via={call.via}
      data-status={call.status}
      data-tool-call-id={call.id}
      className={`overflow-hidden rounded-lg border bg-white text-sm shadow-xs ${border}`}
    >
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        className="flex w-full items-center gap-2 px-3 py-1.5 text-left hover:bg-stone-50"
      >
        <ChevronIcon className={`shrink-0 text-stone-500 transition-transform ${open ? "rotate-90" : ""}`} />
        {blocked ? (
          <LockIcon className="shrink-0 text-orange-600" />
        ) : (
          <WrenchIcon className="shrink-0 text-stone-500" />
        )}
        <span className="truncate font-mono text-[13px] font-medium">{call.name}</span>
        {call.via && (
          <span data-testid="tool-via" className="shrink-0 text-xs text-stone-600">
            {t("tool.via", { name: call.via })}
          </span>
        )}
        {!open && (
          <span className="min-w-0 flex-1 truncate font-mono text-xs text-stone-600">
            {oneLine}
            {result}
          </span>
        )}
        <CallMeta duration={duration} status={call.status} />
      </button>
      {blocked && (
        <p className="border-t border-orange-100 bg-orange-50 px-3 py-2 text-xs text-orange-900">
          {t("tool.blocked", { name: call.name })}
        </p>
      )}
      {open && (
        <div className="space-y-2 border-t border-stone-100 px-3 py-2">
          <Section label={t("tool.arguments")}>
            <TruncatedText text={args} maxLines={10} maxChars={600} />
          </Section>
          {call.result !== undefined && (
            <Section
              label={blocked ? t("tool.filterMessage") : call.status === "error" ? t("tool.error") : t("tool.result")}
            >
              <ResultContent text={call.result} />
            </Section>
          )}
        </div>
      )}
    </div>
  );
}

function Section({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <div className="mb-1 text-[11px] font-semibold uppercase tracking-wide text-stone-600">{label}</div>
      {children}
    </div>
  );
}
