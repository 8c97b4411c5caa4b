"use client";

import { useT } from "@/components/i18n/i18n";
import { PlusIcon, SearchIcon } from "@/components/icons";
import type { ToolCallView } from "@/components/lib/timeline";
import { parseToolSearchResult, toolSearchQuery } from "@/components/lib/tool-search-result";
import { isPrefetchCall } from "@/lib/contracts/prefetch";
import { CallMeta } from "./status-badge";
import { TruncatedText } from "./truncated-text";

/** A tool_search call: the query, and the deferred tools it found and promoted into this thread. */
export function ToolSearchCard({ call, duration }: { call: ToolCallView; duration?: string }) {
  const t = useT();
  const query = toolSearchQuery(call.args);
  const result = call.result === undefined ? null : parseToolSearchResult(call.result);
  return (
    <div data-testid="tool-call" data-tool-name={call.name} data-status={call.status} data-tool-call-id={call.id}>
      <div data-testid="tool-search-card" className="rounded-lg border border-fawn-200 bg-fawn-50 px-3 py-2 text-sm">
        <div className="flex items-center gap-2">
          <SearchIcon className="shrink-0 text-fawn-600" />
          <span className="shrink-0 font-medium text-fawn-900">{t("toolSearch.title")}</span>
          <code
            data-testid="tool-search-query"
            className="truncate rounded bg-white/70 px-1.5 py-0.5 font-mono text-xs text-stone-700"
          >
            {query || "…"}
          </code>
          {isPrefetchCall(call.id) && (
            <span
              data-testid="tool-search-prefetched"
              className="shrink-0 rounded bg-violet-100 px-1 text-[10px] text-violet-800"
            >
              {t("toolSearch.prefetched")}
            </span>
          )}
          <CallMeta duration={duration} status={call.status} />
        </div>
        <div className="mt-2">
          {result === null && <p className="text-xs text-stone-600">{t("toolSearch.searching")}</p>}
          {result?.kind === "found" && (
            <>
              <p className="mb-1.5 text-xs text-stone-600">
                {t("toolSearch.promoted", { count: result.tools.length })}
              </p>
              <ul className="space-y-1">
                {result.tools.map((tool) => (
                  <li
                    key={tool.name}
                    data-testid="search-result-tool"
                    data-tool-name={tool.name}
                    className="flex items-baseline gap-2 rounded-md bg-white px-2 py-1"
                  >
                    <PlusIcon width={12} height={12} className="shrink-0 self-center text-emerald-600" />
                    <code className="shrink-0 font-mono text-xs font-medium text-stone-900">{tool.name}</code>
                    <span className="truncate text-xs text-stone-600" title={tool.description}>
                      {tool.description}
                    </span>
                  </li>
                ))}
              </ul>
              {result.notLoaded.length > 0 && (
                <p data-testid="search-not-loaded" className="mt-1.5 text-xs text-stone-500">
                  {t("toolSearch.notLoaded")}{" "}
                  {result.notLoaded.map((tool, i) => (
                    <span key={tool.name} title={tool.description}>
                      {i > 0 && ", "}
                      <code className="font-mono">{tool.name}</code>
                    </span>
                  ))}
                </p>
              )}
              {result.closest.length > 0 && (
                <p data-testid="search-closest" className="mt-1.5 text-xs text-stone-500">
                  {t("toolSearch.closest")}{" "}
                  {result.closest.map((c, i) => (
                    <span key={c.name} title={c.server ?? undefined}>
                      {i > 0 && ", "}
                      <code className="font-mono">{c.name}</code>
                    </span>
                  ))}
                </p>
              )}
            </>
          )}
          {result?.kind === "none" && (
            <p className="text-xs text-stone-600">
              {result.message ?? t("toolSearch.noneFound")} {t("toolSearch.nothing")}
            </p>
          )}
          {result?.kind === "text" && <TruncatedText text={result.message} maxLines={8} />}
        </div>
      </div>
    </div>
  );
}
