"use client";

import { Fragment, type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { useT } from "@/components/i18n/i18n";
import { CallClock, formatDuration } from "@/components/lib/call-clock";
import { readApproval } from "@/components/lib/approval";
import type { StarterPrompt } from "@/components/lib/starters";
import { buildTimeline, type ChatMessage, type ToolCallView } from "@/components/lib/timeline";
import { buildTurns, earlierUnansweredTurns, unansweredTurn } from "@/components/lib/turns";
import { ApprovalCard } from "./approval-card";
import type { BranchInfo } from "./branch-switcher";
import { Clarification } from "./clarification";
import { Composer } from "./composer";
import { EmptyState, MissingThread } from "./empty-state";
import { ErrorBanner } from "./error-banner";
import { AnswerMessage, Avatar, HumanMessage, NoAnswer } from "./message";
import { StepsGroup } from "./steps-group";

/** What the person can do to messages: switch versions, regenerate the last answer, edit and rerun. */
export interface MessageActions {
  branchOf: (messageId: string | undefined) => BranchInfo | undefined;
  selectBranch: (branch: string) => void;
  /** Whether the turn started by this human message can be rerun or edited (its checkpoint is known). */
  canRerun: (humanMessageId: string | undefined) => boolean;
  regenerate: (humanMessageId: string) => void;
  edit: (humanMessageId: string, text: string) => void;
}

export interface ThreadViewProps {
  messages: readonly ChatMessage[];
  /** The message just sent, shown until the server has it. */
  pendingId?: string;
  loading: boolean;
  threadLoading: boolean;
  error: unknown;
  /** The thread in the address does not exist. */
  missing: boolean;
  onNewThread: () => void;
  /** The pending interrupt, if the run is paused on one. */
  interrupt: { value?: unknown } | undefined;
  /** Tool-call durations from the checkpoints' timestamps. */
  durations: ReadonlyMap<string, number>;
  actions: MessageActions;
  starters: StarterPrompt[];
  draft: string;
  onDraftChange: (text: string) => void;
  onSend: (text: string, files: File[]) => Promise<void>;
  onStop: () => void;
  /** Resume the paused run with `command.resume`: an answer's text, or `{decisions}` for an approval. */
  onResume: (resume: unknown) => void;
  focusKey: string;
  /** Shown in the composer bar (the model picker). */
  composerExtras?: ReactNode;
}

/** The conversation of one thread, from its first message to the composer. */
export function ThreadView(props: ThreadViewProps) {
  const t = useT();
  const { messages, loading, threadLoading, error, interrupt, actions, durations } = props;
  const interrupted = interrupt !== undefined && !loading;
  const approval = interrupted && readApproval(interrupt?.value) !== null;
  const rows = useMemo(() => buildTimeline(messages, { loading, interrupted }), [messages, loading, interrupted]);
  const items = useMemo(() => buildTurns(rows), [rows]);

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
    const live = clock.elapsed(call.id, now);
    if (live && !live.finished) return formatDuration(live.ms);
    const saved = durations.get(call.id);
    if (saved !== undefined) return formatDuration(saved);
    return live ? formatDuration(live.ms) : undefined;
  };

  const last = items.at(-1);
  const thinking = loading && last?.kind !== "answer" && !(last?.kind === "steps" && last.summary.status === "running");
  const lastTurn = items.reduce((n, i) => Math.max(n, i.turn), -1);
  const humans = new Map(items.flatMap((i) => (i.kind === "human" ? [[i.turn, i] as const] : [])));

  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  useEffect(() => {
    const el = scroller.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  });

  const busy = loading || interrupted;
  const unanswered = useMemo(() => unansweredTurn(items), [items]);
  // Earlier turns that got no answer keep saying so (only the last offers Regenerate).
  const earlierUnanswered = useMemo(() => earlierUnansweredTurns(items), [items]);
  const rerunId = unanswered?.messageId;
  // No canRerun check: shown at once, and regenerate finds the checkpoint itself if the history read after a
  // failed run (chat-shell) has not come back yet.
  const canRetryTurn = !busy && !props.missing && rerunId !== undefined && rerunId !== props.pendingId;
  /** One item of the thread as it is shown. */
  const itemElement = (item: (typeof items)[number]) => {
    if (item.kind === "human") {
      const id = item.messageId;
      const rerun = !busy && actions.canRerun(id) && id !== undefined;
      return (
        <HumanMessage
          key={item.key}
          text={item.text}
          pending={id !== undefined && id === props.pendingId}
          branch={actions.branchOf(id)}
          onSelectBranch={actions.selectBranch}
          onEdit={rerun ? (text) => actions.edit(id, text) : undefined}
          busy={busy}
        />
      );
    }
    if (item.kind === "steps") {
      return <StepsGroup key={item.key} steps={item.steps} summary={item.summary} durationOf={durationOf} />;
    }
    const human = humans.get(item.turn);
    const humanId = human?.messageId;
    const branchId = human?.aiMessageIds.find((id) => actions.branchOf(id) !== undefined);
    const streaming = loading && item === last;
    const canRegenerate = item.turn === lastTurn && !busy && humanId !== undefined && actions.canRerun(humanId);
    return (
      <AnswerMessage
        key={item.key}
        text={item.text}
        messageId={item.messageId}
        branch={branchId ? actions.branchOf(branchId) : undefined}
        onSelectBranch={actions.selectBranch}
        onRegenerate={canRegenerate ? () => actions.regenerate(humanId) : undefined}
        busy={busy}
        streaming={streaming}
      />
    );
  };
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
          {props.missing ? (
            <MissingThread onNewThread={props.onNewThread} />
          ) : (
            items.length === 0 &&
            !threadLoading && <EmptyState starters={props.starters} onPick={(text) => void props.onSend(text, [])} />
          )}
          {threadLoading && items.length === 0 && !props.missing && (
            <p className="text-center text-sm text-stone-600">{t("thread.loading")}</p>
          )}
          {items.map((item) => {
            const element = itemElement(item);
            if (!earlierUnanswered.has(item.key)) return element;
            return (
              <Fragment key={item.key}>
                {element}
                <NoAnswer />
              </Fragment>
            );
          })}
          {thinking && (
            <div data-testid="thinking" className="flex items-center gap-3 text-sm text-stone-600">
              <Avatar />
              <span className="flex gap-1" role="status" aria-label={t("thread.thinking")}>
                <Dot delay="0ms" />
                <Dot delay="150ms" />
                <Dot delay="300ms" />
              </span>
            </div>
          )}
          {!props.missing && <ErrorBanner error={error} />}
          {canRetryTurn && <NoAnswer onRegenerate={() => actions.regenerate(rerunId)} />}
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
          text={props.draft}
          onTextChange={props.onDraftChange}
          running={loading}
          blockedReason={
            props.missing
              ? t("thread.missingShort")
              : !interrupted
                ? undefined
                : approval
                  ? t("composer.approveFirst")
                  : t("composer.answerFirst")
          }
          onSend={props.onSend}
          onStop={props.onStop}
          focusKey={props.focusKey}
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
    const id = setInterval(() => setTick((n) => n + 1), ms);
    return () => clearInterval(id);
  }, [active, ms]);
}

function Dot({ delay }: { delay: string }) {
  return <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-stone-400" style={{ animationDelay: delay }} />;
}
