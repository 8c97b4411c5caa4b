"use client";

import { useState } from "react";
import { FileIcon } from "@/components/artifacts/file-icons";
import { useT } from "@/components/i18n/i18n";
import { CheckIcon, CopyIcon, EditIcon, RefreshIcon } from "@/components/icons";
import { splitUploadedFiles } from "@/components/lib/uploads";
import { type BranchInfo, BranchSwitcher } from "./branch-switcher";
import { MarkdownText } from "./markdown";
import { useCopy } from "./use-copy";

function ActionButton({
  testId,
  label,
  onClick,
  disabled,
  children,
}: {
  testId: string;
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      data-testid={testId}
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      title={label}
      className="rounded p-1 text-stone-600 hover:bg-stone-200 hover:text-stone-900 disabled:opacity-40"
    >
      {children}
    </button>
  );
}

function CopyButton({ text }: { text: string }) {
  const t = useT();
  const { copied, copy } = useCopy();
  return (
    <ActionButton
      testId="message-copy"
      label={copied ? t("copy.copied") : t("message.copy")}
      onClick={() => copy(text)}
    >
      {copied ? <CheckIcon width={14} height={14} /> : <CopyIcon width={14} height={14} />}
    </ActionButton>
  );
}

export interface HumanMessageProps {
  text: string;
  pending?: boolean;
  branch?: BranchInfo;
  onSelectBranch: (branch: string) => void;
  /** Absent when the message cannot be edited now (a run is going, or its checkpoint is unknown). */
  onEdit?: (text: string) => void;
  busy: boolean;
}

/** What the person wrote: attached files as chips, copy, edit-and-rerun, and the versions edits made. */
export function HumanMessage({ text: raw, pending, branch, onSelectBranch, onEdit, busy }: HumanMessageProps) {
  const t = useT();
  // Attached files reach the model as an <uploaded_files> block in the text; people see chips.
  const { text, files } = splitUploadedFiles(raw);
  const [editing, setEditing] = useState<string | null>(null);
  const save = () => {
    if (editing === null || editing.trim() === "" || !onEdit) return;
    // The files stay attached to the edited message: the block naming them follows the new text.
    const at = raw.indexOf("<uploaded_files>");
    onEdit(at >= 0 ? `${editing.trim()}\n\n${raw.slice(at)}` : editing.trim());
    setEditing(null);
  };
  return (
    <div
      data-testid="message"
      data-role="human"
      data-pending={pending || undefined}
      className="group flex flex-col items-end gap-1.5"
    >
      {files.length > 0 && (
        <div className="flex max-w-[85%] flex-wrap justify-end gap-1.5">
          {files.map((f) => (
            <span
              key={f.path}
              data-testid="message-upload"
              data-path={f.path}
              title={f.path}
              className="inline-flex max-w-full items-center gap-1.5 rounded-lg border border-fawn-200 bg-fawn-50 px-2 py-1 text-xs text-fawn-900"
            >
              <FileIcon width={14} height={14} className="shrink-0" />
              <span className="truncate font-mono">{f.name}</span>
              {f.sizeLabel && <span className="shrink-0 text-fawn-800">{f.sizeLabel}</span>}
            </span>
          ))}
        </div>
      )}
      {editing !== null ? (
        <form
          className="flex w-full max-w-[85%] flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <textarea
            data-testid="message-edit-input"
            value={editing}
            onChange={(e) => setEditing(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Escape") setEditing(null);
              if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                save();
              }
            }}
            aria-label={t("message.editLabel")}
            rows={Math.min(8, Math.max(2, editing.split("\n").length))}
            // biome-ignore lint/a11y/noAutofocus: the person just asked to edit this message
            autoFocus
            className="w-full resize-none rounded-xl border border-fawn-300 bg-white px-3 py-2 text-[0.95rem] outline-none focus-visible:ring-2 focus-visible:ring-fawn-400/60 focus:border-fawn-500"
          />
          <div className="flex justify-end gap-2 text-sm">
            <button
              type="button"
              onClick={() => setEditing(null)}
              className="rounded-lg px-3 py-1 text-stone-700 hover:bg-stone-100"
            >
              {t("common.cancel")}
            </button>
            <button
              type="submit"
              data-testid="message-edit-save"
              disabled={editing.trim() === "" || busy}
              className="rounded-lg bg-fawn-700 px-3 py-1 font-medium text-white hover:bg-fawn-800 disabled:opacity-50"
            >
              {t("message.editSave")}
            </button>
          </div>
        </form>
      ) : (
        text !== "" && (
          <div className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-md bg-fawn-700 px-4 py-2 text-[0.95rem] text-white">
            {text}
          </div>
        )
      )}
      {!pending && editing === null && (
        <div className="flex items-center gap-0.5">
          {branch && <BranchSwitcher info={branch} onSelect={onSelectBranch} disabled={busy} />}
          <CopyButton text={text} />
          {onEdit && (
            <ActionButton
              testId="message-edit"
              label={t("message.edit")}
              onClick={() => setEditing(text)}
              disabled={busy}
            >
              <EditIcon width={14} height={14} />
            </ActionButton>
          )}
        </div>
      )}
    </div>
  );
}

export interface AnswerMessageProps {
  text: string;
  messageId?: string;
  branch?: BranchInfo;
  onSelectBranch: (branch: string) => void;
  /** Only on the last answer, when it can be regenerated now. */
  onRegenerate?: () => void;
  busy: boolean;
  /** The answer is still streaming: no actions yet. */
  streaming: boolean;
}

/** The agent's answer to a turn: markdown, then copy, regenerate and the versions regenerating made. */
export function AnswerMessage(props: AnswerMessageProps) {
  const { text, messageId, branch, onSelectBranch, onRegenerate, busy, streaming } = props;
  const t = useT();
  return (
    <div data-testid="message" data-role="ai" data-message-id={messageId} className="flex gap-3">
      <Avatar />
      <div className="min-w-0 flex-1 space-y-1">
        <MarkdownText text={text} />
        {!streaming && (
          <div className="flex items-center gap-0.5">
            <CopyButton text={text} />
            {onRegenerate && (
              <ActionButton
                testId="message-regenerate"
                label={t("message.regenerate")}
                onClick={onRegenerate}
                disabled={busy}
              >
                <RefreshIcon width={14} height={14} />
              </ActionButton>
            )}
            {branch && <BranchSwitcher info={branch} onSelect={onSelectBranch} disabled={busy} />}
          </div>
        )}
      </div>
    </div>
  );
}

/** A turn that ended without an answer (stopped or failed); the last such turn offers Regenerate, an earlier one only says so. */
export function NoAnswer({ onRegenerate }: { onRegenerate?: () => void }) {
  const t = useT();
  return (
    <div
      data-testid={onRegenerate ? "no-answer" : "no-answer-earlier"}
      className="flex items-center gap-3 text-sm text-stone-600"
    >
      <Avatar />
      <span className="min-w-0 flex-1">{t("message.noAnswer")}</span>
      {onRegenerate && (
        <button
          type="button"
          data-testid="message-regenerate"
          onClick={onRegenerate}
          title={t("message.regenerate")}
          className="inline-flex shrink-0 items-center gap-1.5 rounded-lg border border-stone-300 px-2.5 py-1 text-xs font-medium text-stone-800 hover:bg-stone-100"
        >
          <RefreshIcon width={14} height={14} /> {t("message.regenerateShort")}
        </button>
      )}
    </div>
  );
}

export function Avatar() {
  // An image, not a letter, so a message's text is only what the agent said.
  return (
    <img
      src="/favicon.svg"
      alt=""
      aria-hidden="true"
      width={24}
      height={24}
      className="mt-0.5 h-6 w-6 shrink-0 rounded-full"
    />
  );
}
