"use client";

import { useState } from "react";
import { useT } from "@/components/i18n/i18n";
import { prettyResult } from "@/components/lib/message-content";
import { resultView } from "@/components/lib/result-view";
import { MarkdownText } from "./markdown";
import { TruncatedText } from "./truncated-text";

/** A tool's result as readable content (a table, markdown, indented JSON), with the raw text one click away. */
export function ResultContent({ text }: { text: string }) {
  const t = useT();
  const [raw, setRaw] = useState(false);
  const view = resultView(text);
  return (
    <div data-testid="tool-result" data-view={raw ? "raw" : view.kind}>
      {raw || view.kind === "json" || view.kind === "text" ? (
        <TruncatedText
          text={raw ? prettyResult(text) : view.kind === "json" || view.kind === "text" ? view.text : text}
        />
      ) : view.kind === "table" ? (
        <div className="max-h-[28rem] overflow-auto rounded-md border border-stone-200">
          <table data-testid="result-table" className="w-full border-collapse text-xs">
            <thead className="bg-stone-100">
              <tr>
                {view.columns.map((c) => (
                  <th key={c} scope="col" className="border-b border-stone-200 px-2 py-1 text-left font-semibold">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {view.rows.map((row, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows of a result have no identity but their place
                <tr key={i} className="odd:bg-white even:bg-stone-50">
                  {row.map((v, j) => (
                    <td
                      key={view.columns[j]}
                      className="max-w-[16rem] truncate border-b border-stone-100 px-2 py-1 font-mono"
                      title={v}
                    >
                      {v}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {view.more > 0 && (
            <p className="px-2 py-1 text-[11px] text-stone-600">{t("result.moreRows", { count: view.more })}</p>
          )}
        </div>
      ) : (
        <div className="max-h-[28rem] overflow-auto rounded-md bg-stone-50 px-3 py-2">
          <MarkdownText text={view.text} />
        </div>
      )}
      {view.kind !== "text" && (
        <button
          type="button"
          data-testid="result-raw-toggle"
          onClick={() => setRaw((r) => !r)}
          aria-pressed={raw}
          className="mt-1 text-xs font-medium text-fawn-700 hover:underline"
        >
          {raw ? t("result.formatted") : t("result.raw")}
        </button>
      )}
    </div>
  );
}
