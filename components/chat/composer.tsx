"use client";

import { useRef, useState, type ReactNode } from "react";
import { SendIcon, StopIcon } from "@/components/icons";

export interface ComposerProps {
  running: boolean;
  /** Why sending is not possible right now (e.g. a question waits for an answer). */
  blockedReason?: string;
  onSend: (text: string) => void;
  onStop: () => void;
  /** Controls shown beside the send button, such as the model picker. */
  children?: ReactNode;
}

/** Where the person writes. Enter sends, Shift+Enter starts a new line; Stop ends a running turn. */
export function Composer({ running, blockedReason, onSend, onStop, children }: ComposerProps) {
  const [text, setText] = useState("");
  const input = useRef<HTMLTextAreaElement>(null);
  const canSend = text.trim() !== "" && !running && !blockedReason;

  const send = () => {
    if (!canSend) return;
    onSend(text.trim());
    setText("");
    input.current?.focus();
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
      className="rounded-2xl border border-stone-300 bg-white shadow-sm focus-within:border-fawn-400 focus-within:ring-2 focus-within:ring-fawn-100"
    >
      <textarea
        ref={input}
        data-testid="composer-input"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            send();
          }
        }}
        rows={Math.min(8, Math.max(2, text.split("\n").length))}
        placeholder={blockedReason ?? "Ask Fawn anything. It finds the tools it needs."}
        aria-label="Message"
        className="block w-full resize-none rounded-t-2xl bg-transparent px-4 pt-3 text-[0.95rem] outline-none placeholder:text-stone-400"
      />
      <div className="flex items-center gap-2 px-3 pb-2">
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
            <SendIcon /> Send
          </button>
        )}
      </div>
    </form>
  );
}
