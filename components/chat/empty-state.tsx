"use client";

import { useT } from "@/components/i18n/i18n";
import { PlusIcon } from "@/components/icons";
import type { StarterPrompt } from "@/components/lib/starters";

/** An empty thread: what Fawn is, in a sentence, and a few first messages drawn from its tools. */
export function EmptyState({ starters, onPick }: { starters: StarterPrompt[]; onPick: (text: string) => void }) {
  const t = useT();
  return (
    <div data-testid="empty-state" className="mx-auto mt-12 max-w-lg text-center text-stone-600">
      <h2 className="text-2xl font-semibold text-stone-800">{t("empty.title")}</h2>
      <p className="mt-2 text-sm">{t("empty.body")}</p>
      {starters.length > 0 && (
        <ul aria-label={t("empty.startersLabel")} className="mt-6 grid gap-2 text-left sm:grid-cols-2">
          {starters.map((s) => {
            const text = "key" in s ? t(s.key) : s.text;
            return (
              <li key={s.id}>
                <button
                  type="button"
                  data-testid="starter-prompt"
                  onClick={() => onPick(text)}
                  className="w-full rounded-xl border border-stone-200 bg-white px-3 py-2 text-sm text-stone-800 shadow-xs hover:border-fawn-300 hover:bg-fawn-50"
                >
                  {"key" in s ? text : <code className="font-mono text-[13px]">{text}</code>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** A link to a thread that is gone: say so plainly and offer a fresh start. */
export function MissingThread({ onNewThread }: { onNewThread: () => void }) {
  const t = useT();
  return (
    <div
      data-testid="missing-thread"
      role="alert"
      className="mx-auto mt-12 max-w-md rounded-xl border border-amber-200 bg-amber-50 px-5 py-4 text-center text-amber-900"
    >
      <h2 className="font-semibold">{t("thread.missingTitle")}</h2>
      <p className="mt-1 text-sm">{t("thread.missingBody")}</p>
      <button
        type="button"
        data-testid="missing-thread-new"
        onClick={onNewThread}
        className="mt-3 inline-flex items-center gap-1.5 rounded-lg bg-fawn-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-fawn-800"
      >
        <PlusIcon /> {t("thread.new")}
      </button>
    </div>
  );
}
