"use client";

import { useState } from "react";
import { useT } from "@/components/i18n/i18n";
import { truncate } from "@/components/lib/truncate";

/** Long tool output, cut to a short view with "show more". */
export function TruncatedText({ text, maxChars, maxLines }: { text: string; maxChars?: number; maxLines?: number }) {
  const t = useT();
  const [expanded, setExpanded] = useState(false);
  const short = truncate(text, maxChars, maxLines);
  const shown = expanded || !short.truncated ? text : short.text;
  const hidden =
    short.hiddenLines > 0
      ? t("text.moreLines", { count: short.hiddenLines })
      : t("text.moreChars", { count: short.hiddenChars });
  return (
    <div>
      <pre className="max-h-[28rem] overflow-auto whitespace-pre-wrap break-words rounded-md bg-stone-50 p-2 font-mono text-xs leading-relaxed text-stone-800">
        {shown || <span className="italic text-stone-600">{t("text.empty")}</span>}
        {!expanded && short.truncated && <span className="text-stone-600">…</span>}
      </pre>
      {short.truncated && (
        <button
          type="button"
          data-testid="show-more"
          onClick={() => setExpanded((e) => !e)}
          className="mt-1 text-xs font-medium text-fawn-700 hover:underline"
        >
          {expanded ? t("text.showLess") : t("text.showMore", { hidden })}
        </button>
      )}
    </div>
  );
}
