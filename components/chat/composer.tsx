"use client";

import { type ReactNode, useEffect, useRef, useState } from "react";
import { PaperclipIcon } from "@/components/artifacts/file-icons";
import { useT } from "@/components/i18n/i18n";
import { CloseIcon, SendIcon, StopIcon } from "@/components/icons";
import { classifyError } from "@/components/lib/errors";
import { formatBytes, mergePending } from "@/components/lib/uploads";

export interface ComposerProps {
  /** The draft, kept by the page per thread so it never follows you to another thread. */
  text: string;
  onTextChange: (text: string) => void;
  running: boolean;
  /** Why sending is not possible right now (e.g. a question waits for an answer). */
  blockedReason?: string;
  /**
   * Sends the message with the attached files; resolves once the server accepted the run. A rejection
   * keeps the text and the files in the composer and offers Retry.
   */
  onSend: (text: string, files: File[]) => Promise<void>;
  onStop: () => void;
  /** Focus the text box whenever this changes (the open thread), on devices with a keyboard. */
  focusKey?: string;
  /** Controls shown beside the send button, such as the model picker. */
  children?: ReactNode;
}

function hasKeyboard(): boolean {
  return typeof window !== "undefined" && !window.matchMedia("(pointer: coarse)").matches;
}

/** Where the person writes and attaches files. Enter sends, Shift+Enter starts a new line; Escape or Stop ends a running turn. */
export function Composer(props: ComposerProps) {
  const { text, onTextChange, running, blockedReason, onSend, onStop, focusKey, children } = props;
  const t = useT();
  const [files, setFiles] = useState<File[]>([]);
  const [sending, setSending] = useState(false);
  // retry: the send failed on the way (network, busy thread); otherwise an upload was refused.
  const [error, setError] = useState<{ message: string; retry: boolean } | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const canSend = (text.trim() !== "" || files.length > 0) && !running && !blockedReason && !sending;

  // biome-ignore lint/correctness/useExhaustiveDependencies: focusKey is the trigger (load, thread switch)
  useEffect(() => {
    if (hasKeyboard()) input.current?.focus();
    setError(null);
  }, [focusKey]);

  const attach = (added: FileList | null) => {
    if (!added || added.length === 0) return;
    setFiles((f) => mergePending(f, Array.from(added)));
    setError(null);
  };

  const send = async () => {
    if (!canSend) return;
    setSending(true);
    setError(null);
    try {
      await onSend(text.trim(), files);
      setFiles([]);
    } catch (e) {
      if (e instanceof Error && e.name === "UploadError") {
        setError({ message: e.message, retry: false });
        return;
      }
      const { kind, detail } = classifyError(e);
      const message =
        kind === "network"
          ? t("send.failedNetwork")
          : kind === "missing_thread"
            ? t("send.failedMissing")
            : kind === "busy"
              ? t("send.failedBusy")
              : detail;
      setError({ message, retry: true });
    } finally {
      setSending(false);
      input.current?.focus();
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes("Files")) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = "copy";
        setDragging(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(e) => {
        if (!e.dataTransfer.types.includes("Files")) return;
        e.preventDefault();
        setDragging(false);
        attach(e.dataTransfer.files);
      }}
      data-dragging={dragging || undefined}
      className={`rounded-2xl border bg-white shadow-sm focus-within:border-fawn-400 focus-within:ring-2 focus-within:ring-fawn-200 ${
        dragging ? "border-fawn-500 ring-2 ring-fawn-200" : "border-stone-300"
      }`}
    >
      {files.length > 0 && (
        <ul aria-label={t("composer.files")} className="flex flex-wrap gap-1.5 px-3 pt-3">
          {files.map((f, i) => (
            <li
              key={`${f.name}|${f.size}|${f.lastModified}`}
              data-testid="upload-chip"
              data-name={f.name}
              className="inline-flex max-w-full items-center gap-1.5 rounded-lg border border-stone-200 bg-stone-50 py-0.5 pl-2 pr-1 text-xs"
            >
              <PaperclipIcon width={12} height={12} className="shrink-0 text-stone-500" />
              <span className="truncate font-mono">{f.name}</span>
              <span className="shrink-0 text-stone-600">{formatBytes(f.size)}</span>
              <button
                type="button"
                onClick={() => setFiles((list) => list.filter((_, j) => j !== i))}
                disabled={sending}
                aria-label={t("composer.remove", { name: f.name })}
                className="shrink-0 rounded p-0.5 text-stone-500 hover:bg-stone-200"
              >
                <CloseIcon width={12} height={12} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <textarea
        ref={input}
        data-testid="composer-input"
        value={text}
        onChange={(e) => onTextChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void send();
          }
        }}
        rows={Math.min(8, Math.max(2, text.split("\n").length))}
        placeholder={blockedReason ?? (dragging ? t("composer.drop") : t("composer.placeholder"))}
        aria-label={t("composer.label")}
        className="block w-full resize-none rounded-t-2xl bg-transparent px-4 pt-3 text-[0.95rem] outline-none placeholder:text-stone-500"
      />
      {error && (
        <div
          data-testid={error.retry ? "send-error" : "upload-error"}
          role="alert"
          className="mx-3 mb-1 flex items-start gap-2 break-words rounded bg-red-50 px-2 py-1.5 text-xs text-red-800"
        >
          <span className="min-w-0 flex-1" data-testid="send-error-text">
            {error.message}
          </span>
          {error.retry && (
            <button
              type="button"
              data-testid="send-retry"
              onClick={() => void send()}
              disabled={!canSend}
              className="shrink-0 rounded bg-red-700 px-2 py-0.5 font-medium text-white hover:bg-red-800 disabled:opacity-50"
            >
              {t("send.retry")}
            </button>
          )}
        </div>
      )}
      <div className="flex items-center gap-2 px-3 pb-2">
        <input
          ref={picker}
          type="file"
          multiple
          data-testid="upload-input"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => {
            attach(e.currentTarget.files);
            // Cleared so picking the same file again after removing it fires a change.
            e.currentTarget.value = "";
          }}
        />
        <button
          type="button"
          data-testid="upload-button"
          onClick={() => picker.current?.click()}
          disabled={sending || !!blockedReason}
          title={t("composer.attachHint")}
          aria-label={t("composer.attach")}
          className="shrink-0 rounded-full p-1.5 text-stone-600 hover:bg-stone-100 hover:text-stone-800 disabled:opacity-40"
        >
          <PaperclipIcon />
        </button>
        <div className="min-w-0 flex-1">{children}</div>
        {running ? (
          <button
            type="button"
            data-testid="stop-button"
            onClick={onStop}
            title={t("composer.stopHint")}
            className="inline-flex items-center gap-1.5 rounded-full bg-stone-800 px-3 py-1.5 text-sm font-medium text-white hover:bg-stone-700"
          >
            <StopIcon /> {t("composer.stop")}
          </button>
        ) : (
          <button
            type="submit"
            data-testid="send-button"
            disabled={!canSend}
            className="inline-flex items-center gap-1.5 rounded-full bg-fawn-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-fawn-800 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-700"
          >
            <SendIcon /> {sending && files.length > 0 ? t("composer.uploading") : t("composer.send")}
          </button>
        )}
      </div>
    </form>
  );
}
