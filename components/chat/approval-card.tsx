"use client";

import { useState } from "react";
import { useT } from "@/components/i18n/i18n";
import { say } from "@/components/i18n/phrase";
import {
  type ApprovalItem,
  type Choice,
  checkEdit,
  choiceLabel,
  readApproval,
  resumeFor,
  type WireDecision,
} from "@/components/lib/approval";

export interface ApprovalCardProps {
  /** The interrupt's value (an approval request). */
  value: unknown;
  /** Resume the paused run with `{decisions}`. */
  onDecide: (resume: { decisions: WireDecision[] }) => void;
}

/**
 * The run paused before calls that need the person's approval: each shows its tool, arguments and why it
 * waits, with Approve, Edit (the arguments as JSON, checked before sending) and Reject (an optional reason).
 * One call is decided with one click; several are decided one by one and sent together.
 */
export function ApprovalCard({ value, onDecide }: ApprovalCardProps) {
  const t = useT();
  const items = readApproval(value) ?? [];
  const [choices, setChoices] = useState<(Choice | undefined)[]>([]);
  const decide = (i: number, c: Choice) => {
    if (items.length === 1) {
      onDecide(resumeFor(items, [c]));
      return;
    }
    setChoices((prev) => items.map((_, j) => (j === i ? c : prev[j])));
  };
  const complete = items.length > 1 && items.every((_, i) => choices[i] !== undefined);
  return (
    <div data-testid="approval-card" className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm">
      <div className="mb-2 text-[11px] font-semibold uppercase tracking-wide text-amber-800">
        {items.length === 1 ? t("approval.titleOne") : t("approval.title", { count: items.length })}
      </div>
      <div className="flex flex-col gap-3">
        {items.map((item, i) => (
          <ApprovalRow
            key={item.key}
            item={item}
            chosen={items.length > 1 ? choices[i] : undefined}
            onChoose={(c) => decide(i, c)}
          />
        ))}
      </div>
      {items.length > 1 && (
        <button
          type="button"
          data-testid="approval-submit"
          disabled={!complete}
          onClick={() => onDecide(resumeFor(items, choices as Choice[]))}
          className="mt-3 rounded-lg bg-amber-700 px-3 py-1.5 font-medium text-white hover:bg-amber-800 disabled:bg-stone-300"
        >
          {t("approval.send", { count: items.length })}
        </button>
      )}
    </div>
  );
}

function ApprovalRow({
  item,
  chosen,
  onChoose,
}: {
  item: ApprovalItem;
  chosen: Choice | undefined;
  onChoose: (c: Choice) => void;
}) {
  const t = useT();
  const [mode, setMode] = useState<"view" | "edit" | "reject">("view");
  const [text, setText] = useState(item.argsText);
  const [reason, setReason] = useState("");
  const edit = checkEdit(item, text);
  const can = (d: "approve" | "edit" | "reject") => item.allowed.includes(d);
  return (
    <div
      data-testid="approval-item"
      data-tool-name={item.name}
      className="rounded-lg border border-amber-200 bg-white p-2"
    >
      <div className="flex items-center gap-2">
        <span data-testid="approval-tool" className="font-mono text-[13px] font-semibold text-stone-900">
          {item.name}
        </span>
        {chosen && (
          <span data-testid="approval-choice" className="rounded-full bg-amber-100 px-2 text-[11px] text-amber-900">
            {t(choiceLabel(chosen))}
          </span>
        )}
      </div>
      <p data-testid="approval-why" className="mt-1 text-stone-600">
        {say(t, item.why)}
      </p>
      {mode === "edit" ? (
        <div className="mt-2">
          <textarea
            data-testid="approval-editor"
            aria-label={t("approval.argsLabel", { name: item.name })}
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={Math.min(16, Math.max(4, text.split("\n").length + 1))}
            spellCheck={false}
            className="w-full rounded border border-stone-300 p-2 font-mono text-xs outline-none focus-visible:ring-2 focus-visible:ring-fawn-400/60 focus:border-amber-500"
          />
          {!edit.ok && (
            <p data-testid="approval-editor-error" role="alert" className="mt-1 text-xs text-red-700">
              {say(t, edit.error)}
            </p>
          )}
          <div className="mt-1 flex gap-2">
            <button
              type="button"
              data-testid="approval-edit-submit"
              disabled={!edit.ok}
              onClick={() => edit.ok && onChoose({ type: "edit", args: edit.args })}
              className="rounded-lg bg-amber-700 px-3 py-1 font-medium text-white hover:bg-amber-800 disabled:bg-stone-300"
            >
              {t("approval.runEdited")}
            </button>
            <button type="button" onClick={() => setMode("view")} className="rounded-lg px-3 py-1 hover:bg-stone-100">
              {t("common.cancel")}
            </button>
          </div>
        </div>
      ) : (
        <pre
          data-testid="approval-args"
          className="mt-2 max-h-48 overflow-auto whitespace-pre-wrap rounded bg-stone-50 p-2 font-mono text-xs"
        >
          {item.argsText}
        </pre>
      )}
      {mode === "reject" && (
        <form
          className="mt-2 flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            onChoose({ type: "reject", reason });
          }}
        >
          <input
            data-testid="approval-reject-reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            placeholder={t("approval.reasonPlaceholder")}
            aria-label={t("approval.reasonLabel")}
            className="min-w-0 flex-1 rounded-lg border border-stone-300 px-3 py-1 outline-none focus-visible:ring-2 focus-visible:ring-fawn-400/60 focus:border-amber-500"
          />
          <button
            type="submit"
            data-testid="approval-reject-submit"
            className="rounded-lg bg-red-700 px-3 py-1 font-medium text-white hover:bg-red-800"
          >
            {t("approval.reject")}
          </button>
        </form>
      )}
      {mode === "view" && (
        <div className="mt-2 flex gap-2">
          {can("approve") && (
            <button
              type="button"
              data-testid="approval-approve"
              onClick={() => onChoose({ type: "approve" })}
              className="rounded-lg bg-emerald-700 px-3 py-1 font-medium text-white hover:bg-emerald-800"
            >
              {t("approval.approve")}
            </button>
          )}
          {can("edit") && (
            <button
              type="button"
              data-testid="approval-edit"
              onClick={() => setMode("edit")}
              className="rounded-lg border border-stone-300 bg-white px-3 py-1 hover:bg-stone-50"
            >
              {t("approval.edit")}
            </button>
          )}
          {can("reject") && (
            <button
              type="button"
              data-testid="approval-reject"
              onClick={() => setMode("reject")}
              className="rounded-lg border border-red-300 bg-white px-3 py-1 text-red-800 hover:bg-red-50"
            >
              {t("approval.reject")}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
