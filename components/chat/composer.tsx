"use client";

import { useRef, useState, type ReactNode } from "react";
import { PaperclipIcon } from "@/components/artifacts/file-icons";
import { CloseIcon, SendIcon, StopIcon } from "@/components/icons";
import { errorText } from "@/components/lib/message-content";
import { formatBytes, mergePending } from "@/components/lib/uploads";

export interface ComposerProps {
  running: boolean;
  /** Why sending is not possible right now (e.g. a question waits for an answer). */
  blockedReason?: string;
  /**
   * Sends the message with the attached files. A rejection (a failed upload) keeps the text and the
   * files in the composer and shows the error.
   */
  onSend: (text: string, files: File[]) => void | Promise<void>;
  onStop: () => void;
  /** Controls shown beside the send button, such as the model picker. */
  children?: ReactNode;
}

/** Where the person writes and attaches files. Enter sends, Shift+Enter starts a new line; Stop ends a running turn. */
export function Composer({ running, blockedReason, onSend, onStop, children }: ComposerProps) {
  const [text, setText] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const canSend = (text.trim() !== "" || files.length > 0) && !running && !blockedReason && !sending;

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
      setText("");
      setFiles([]);
    } catch (e) {
      setError(errorText(e));
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
      className={`rounded-2xl border bg-white shadow-sm focus-within:border-fawn-400 focus-within:ring-2 focus-within:ring-fawn-100 ${
        dragging ? "border-fawn-500 ring-2 ring-fawn-200" : "border-stone-300"
      }`}
    >
      {files.length > 0 && (
        <ul aria-label="Files to send" className="flex flex-wrap gap-1.5 px-3 pt-3">
          {files.map((f, i) => (
            <li
              key={`${f.name}|${f.size}|${f.lastModified}`}
              data-testid="upload-chip"
              data-name={f.name}
              className="inline-flex max-w-full items-center gap-1.5 rounded-lg border border-stone-200 bg-stone-50 py-0.5 pl-2 pr-1 text-xs"
            >
              <PaperclipIcon width={12} height={12} className="shrink-0 text-stone-500" />
              <span className="truncate font-mono">{f.name}</span>
              <span className="shrink-0 text-stone-500">{formatBytes(f.size)}</span>
              <button
                type="button"
                onClick={() => setFiles((list) => list.filter((_, j) => j !== i))}
                disabled={sending}
                aria-label={`Remove ${f.name}`}
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
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void send();
          }
        }}
        rows={Math.min(8, Math.max(2, text.split("\n").length))}
        placeholder={
          blockedReason ??
          (dragging ? "Drop the files to attach them" : "Ask Fawn anything. It finds the tools it needs.")
        }
        aria-label="Message"
        className="block w-full resize-none rounded-t-2xl bg-transparent px-4 pt-3 text-[0.95rem] outline-none placeholder:text-stone-400"
      />
      {error && (
        <p
          data-testid="upload-error"
          role="alert"
          className="mx-3 mb-1 break-words rounded bg-red-50 px-2 py-1.5 text-xs text-red-800"
        >
          {error}
        </p>
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
          title="Attach files (or drop them here)"
          aria-label="Attach files"
          className="shrink-0 rounded-full p-1.5 text-stone-500 hover:bg-stone-100 hover:text-stone-800 disabled:opacity-40"
        >
          <PaperclipIcon />
        </button>
        <div className="min-w-0 flex-1">{children}</div>
        {running ? (
          <button
            type="button"
            data-testid="stop-button"
            onClick={onStop}
            className="inline-flex items-center gap-1.5 rounded-full bg-stone-800 px-3 py-1.5 text-sm font-medium text-white hover:bg-stone-700"
          >
            <StopIcon /> Stop
          </button>
        ) : (
          <button
            type="submit"
            data-testid="send-button"
            disabled={!canSend}
            className="inline-flex items-center gap-1.5 rounded-full bg-fawn-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-fawn-700 disabled:cursor-not-allowed disabled:bg-stone-300"
          >
            <SendIcon /> {sending && files.length > 0 ? "Uploading…" : "Send"}
          </button>
        )}
      </div>
    </form>
  );
}
