"use client";

import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { CallClock, formatDuration } from "@/components/lib/call-clock";
import { readApproval } from "@/components/lib/approval";
import { buildTimeline, type ChatMessage, type ToolCallView } from "@/components/lib/timeline";
import { ApprovalCard } from "./approval-card";
import { Clarification } from "./clarification";
import { Composer } from "./composer";
import { ErrorBanner } from "./error-banner";
import { Avatar, Message } from "./message";

export interface ThreadViewProps {
  messages: readonly ChatMessage[];
  loading: boolean;
  threadLoading: boolean;
  error: unknown;
  /** The pending interrupt, if the run is paused on one. */
  interrupt: { value?: unknown } | undefined;
  onSend: (text: string, files: File[]) => void | Promise<void>;
  onStop: () => void;
  /** Resume the paused run with `command.resume`: an answer's text, or `{decisions}` for an approval. */
  onResume: (resume: unknown) => void;
  /** Shown in the composer bar (the model picker). */
  composerExtras?: ReactNode;
}

/** The conversation of one thread, from its first message to the composer. */
export function ThreadView(props: ThreadViewProps) {
  const { messages, loading, threadLoading, error, interrupt } = props;
  const interrupted = interrupt !== undefined && !loading;
  const approval = interrupted && readApproval(interrupt?.value) !== null;
  const rows = useMemo(() => buildTimeline(messages, { loading, interrupted }), [messages, loading, interrupted]);

  // The clock lives as long as the page: a new thread's first run starts before its id is known.
  const [clock] = useState(() => new CallClock());
  const now = Date.now();
  clock.observe(
    rows.flatMap((r) => (r.kind === "ai" ? r.pendingCalls.map((c) => c.id) : r.kind === "tool" ? [r.call.id] : [])),
    rows.flatMap((r) => (r.kind === "tool" ? [r.call.id] : [])),
    now,
    loading,
  );
  const anyRunning = rows.some((r) => r.kind === "ai" && r.pendingCalls.some((c) => c.status === "running"));
  useTick(anyRunning, 200);
  const durationOf = (call: ToolCallView) => {
    const e = clock.elapsed(call.id, now);
    return e ? formatDuration(e.ms) : undefined;
  };

  const last = rows.at(-1);
  const thinking = loading && (last?.kind !== "ai" || (last.text === "" && last.pendingCalls.length === 0));

  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  useEffect(() => {
    const el = scroller.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  });

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div
        ref={scroller}
        onScroll={(e) => {
          const el = e.currentTarget;
          stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
        }}
        className="min-h-0 flex-1 overflow-y-auto"
      >
        <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-6">
          {rows.length === 0 && !threadLoading && <EmptyState />}
          {threadLoading && rows.length === 0 && <p className="text-center text-sm text-stone-400">Loading thread…</p>}
          {rows.map((row) => (
            <Message key={row.key} row={row} durationOf={durationOf} />
          ))}
          {thinking && (
            <div data-testid="thinking" className="flex items-center gap-3 text-sm text-stone-500">
              <Avatar />
              <span className="flex gap-1">
                <Dot delay="0ms" />
                <Dot delay="150ms" />
                <Dot delay="300ms" />
              </span>
            </div>
          )}
          <ErrorBanner error={error} />
          {interrupted &&
            (approval ? (
              <ApprovalCard value={interrupt?.value} onDecide={props.onResume} />
            ) : (
              <Clarification value={interrupt?.value} onAnswer={props.onResume} />
            ))}
        </div>
      </div>
      <div className="mx-auto w-full max-w-3xl px-4 pb-4">
        <Composer
          running={loading}
          blockedReason={
            !interrupted
              ? undefined
              : approval
                ? "Approve, edit or reject the tool call above to continue."
                : "Answer the question above to continue."
          }
          onSend={props.onSend}
          onStop={props.onStop}
        >
          {props.composerExtras}
        </Composer>
      </div>
    </div>
  );
}

/** Re-render every `ms` while `active`, so running durations count up. */
function useTick(active: boolean, ms: number) {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    const id = setInterval(() => setTick((t) => t + 1), ms);
    return () => clearInterval(id);
  }, [active, ms]);
}

function Dot({ delay }: { delay: string }) {
  return <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-stone-400" style={{ animationDelay: delay }} />;
}

function EmptyState() {
  return (
    <div className="mx-auto mt-16 max-w-md text-center text-stone-500">
      <div className="text-2xl font-semibold text-stone-800">What can Fawn do for you?</div>
      <p className="mt-2 text-sm">
        Fawn starts with only a few tools bound. When it needs more, it searches the deferred MCP catalog with{" "}
        <code className="rounded bg-stone-100 px-1 font-mono text-xs">tool_search</code> and promotes what it finds —
        watch the tools panel.
      </p>
    </div>
  );
}
