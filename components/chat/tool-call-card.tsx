"use client";

import { useState } from "react";
import { ChevronIcon, LockIcon, WrenchIcon } from "@/components/icons";
import { formatArgs, prettyResult } from "@/components/lib/message-content";
import type { ToolCallView } from "@/components/lib/timeline";
import { ellipsis } from "@/components/lib/truncate";
import { CallMeta } from "./status-badge";
import { SubtaskCard } from "./subtask-card";
import { ToolSearchCard } from "./tool-search-card";
import { TruncatedText } from "./truncated-text";

export interface ToolCallCardProps {
  call: ToolCallView;
  /** Formatted client-side duration, when the call was watched live. */
  duration?: string;
}

/** One tool call: what was called with what, what came back, how it ended and how long it took. */
export function ToolCallCard({ call, duration }: ToolCallCardProps) {
  if (call.name === "tool_search") return <ToolSearchCard call={call} duration={duration} />;
  if (call.name === "task") return <SubtaskCard call={call} duration={duration} />;
  return <GenericCard call={call} duration={duration} />;
}

function GenericCard({ call, duration }: ToolCallCardProps) {
  // A blocked call says what happened in one line; its details are there on request.
  const [open, setOpen] = useState(call.status !== "blocked");
  const args = formatArgs(call.args);
  const blocked = call.status === "blocked";
  const border = call.status === "error" ? "border-red-200" : blocked ? "border-orange-200" : "border-stone-200";
  return (
    <div
      data-testid="tool-call"
      data-tool-name={call.name}
      data-status={call.status}
      data-tool-call-id={call.id}
      className={`overflow-hidden rounded-lg border bg-white text-sm shadow-xs ${border}`}
    >
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        className="flex w-full items-center gap-2 px-3 py-2 text-left hover:bg-stone-50"
      >
        <ChevronIcon className={`shrink-0 text-stone-400 transition-transform ${open ? "rotate-90" : ""}`} />
        {blocked ? (
          <LockIcon className="shrink-0 text-orange-600" />
        ) : (
          <WrenchIcon className="shrink-0 text-stone-500" />
        )}
        <span className="truncate font-mono text-[13px] font-medium">{call.name}</span>
        {!open && <span className="truncate font-mono text-xs text-stone-400">{ellipsis(args, 60)}</span>}
        <CallMeta duration={duration} status={call.status} />
      </button>
      {blocked && (
        <p className="border-t border-orange-100 bg-orange-50 px-3 py-2 text-xs text-orange-900">
          Blocked: <code className="font-mono">{call.name}</code> is a deferred tool that has not been promoted in this
          thread. The model has to find it with <code className="font-mono">tool_search</code> first; the tool did not
          run.
        </p>
      )}
      {open && (
        <div className="space-y-2 border-t border-stone-100 px-3 py-2">
          <Section label="Arguments">
            <TruncatedText text={args} maxLines={10} maxChars={600} />
          </Section>
          {call.result !== undefined && (
            <Section label={blocked ? "Message from the tool filter" : call.status === "error" ? "Error" : "Result"}>
              <TruncatedText text={prettyResult(call.result)} />
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
      <div className="mb-1 text-[11px] font-semibold uppercase tracking-wide text-stone-500">{label}</div>
      {children}
    </div>
  );
}
