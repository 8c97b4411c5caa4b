"use client";

import { useState } from "react";
import { useT } from "@/components/i18n/i18n";
import { readClarification } from "@/components/lib/clarification";

/** The agent paused to ask something (`ask_clarification` → `interrupt`); the answer resumes the run. */
export function Clarification({ value, onAnswer }: { value: unknown; onAnswer: (answer: string) => void }) {
  const t = useT();
  const [text, setText] = useState("");
  const request = readClarification(value);
  const answer = (a: string) => {
    if (a.trim() === "") return;
    onAnswer(a.trim());
    setText("");
  };
  return (
    <div data-testid="clarification" className="rounded-xl border border-sky-200 bg-sky-50 p-3 text-sm">
      <div className="mb-1 text-[11px] font-semibold uppercase tracking-wide text-sky-700">
        {request ? t("clarify.needsAnswer") : t("clarify.paused")}
      </div>
      {request ? (
        <>
          <p data-testid="clarification-question" className="whitespace-pre-wrap font-medium text-stone-900">
            {request.question}
          </p>
          {request.context && <p className="mt-1 whitespace-pre-wrap text-stone-600">{request.context}</p>}
          {request.options.length > 0 && (
            <div className="mt-2 flex flex-wrap gap-2">
              {request.options.map((o) => (
                <button
                  key={o}
                  type="button"
                  data-testid="clarification-option"
                  onClick={() => answer(o)}
                  className="rounded-full border border-sky-300 bg-white px-3 py-1 text-sm text-sky-900 hover:bg-sky-100"
                >
                  {o}
                </button>
              ))}
            </div>
          )}
        </>
      ) : (
        <pre className="max-h-40 overflow-auto whitespace-pre-wrap rounded bg-white/70 p-2 font-mono text-xs">
          {JSON.stringify(value, null, 2) ?? t("clarify.noDetails")}
        </pre>
      )}
      <form
        className="mt-2 flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          answer(text);
        }}
      >
        <input
          data-testid="clarification-input"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={request?.options.length ? t("clarify.other") : t("clarify.type")}
          aria-label={t("clarify.answerLabel")}
          className="min-w-0 flex-1 rounded-lg border border-sky-200 bg-white px-3 py-1.5 outline-none focus-visible:ring-2 focus-visible:ring-fawn-400/60 focus:border-sky-400"
        />
        <button
          type="submit"
          data-testid="clarification-submit"
          disabled={text.trim() === ""}
          className="rounded-lg bg-sky-700 px-3 py-1.5 font-medium text-white hover:bg-sky-800 disabled:bg-stone-300"
        >
          {t("clarify.answer")}
        </button>
      </form>
    </div>
  );
}
