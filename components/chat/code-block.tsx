"use client";

import { type ReactNode, useEffect, useState } from "react";
import { useT } from "@/components/i18n/i18n";
import { CheckIcon, CopyIcon } from "@/components/icons";
import { highlightLanguage } from "@/components/lib/markdown";
import { useCopy } from "./use-copy";

/** Highlighted elements for this exact code, once the highlighter and the language have loaded. */
function useHighlighted(code: string, language: string | null): ReactNode | null {
  const [state, setState] = useState<{ code: string; node: ReactNode } | null>(null);
  useEffect(() => {
    if (!language) return;
    let live = true;
    import("./highlight")
      .then((m) => m.highlightCode(code, language))
      .then(
        (node) => {
          if (live && node) setState({ code, node });
        },
        () => {
          // Highlighting is a nicety: the plain code stays on screen.
        },
      );
    return () => {
      live = false;
    };
  }, [code, language]);
  return state && state.code === code ? state.node : null;
}

/** A fenced code block: its language, a copy button, and the code highlighted when the language is known. */
export function CodeBlock({ code, language }: { code: string; language: string | null }) {
  const t = useT();
  const lang = highlightLanguage(language);
  const highlighted = useHighlighted(code, lang);
  const { copied, copy } = useCopy();
  return (
    <div
      data-testid="code-block"
      data-language={language ?? ""}
      className="overflow-hidden rounded-lg border border-stone-200 bg-stone-50"
    >
      <div className="flex items-center gap-2 border-b border-stone-200 bg-stone-100 px-3 py-1 text-xs text-stone-600">
        <span data-testid="code-language" className="font-mono">
          {language || t("code.plain")}
        </span>
        <button
          type="button"
          data-testid="code-copy"
          onClick={() => copy(code)}
          aria-label={copied ? t("copy.copied") : t("code.copy")}
          className="ml-auto inline-flex items-center gap-1 rounded px-1.5 py-0.5 hover:bg-stone-200 hover:text-stone-900"
        >
          {copied ? <CheckIcon width={13} height={13} /> : <CopyIcon width={13} height={13} />}
          {copied ? t("copy.copied") : t("copy.action")}
        </button>
      </div>
      <pre className="overflow-x-auto p-3 text-[13px] leading-relaxed">
        <code
          className={`hljs font-mono text-stone-900 ${lang ? `language-${lang}` : ""}`}
          data-highlighted={highlighted ? "true" : undefined}
        >
          {highlighted ?? code}
        </code>
      </pre>
    </div>
  );
}
