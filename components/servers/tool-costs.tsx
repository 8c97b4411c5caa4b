"use client";

import { useT } from "@/components/i18n/i18n";
import type { ServerCost, ServerTool } from "@/lib/contracts/mcp-servers";

const DOT = { deferred: "border border-stone-400", bound: "bg-fawn-500" } as const;

/** What a server's tools cost and how each is offered: deferred behind tool_search, always bound, or disabled. */
export function ToolCosts({ tools, cost }: { tools: readonly ServerTool[]; cost: ServerCost }) {
  const t = useT();
  return (
    <div data-testid="server-tool-costs" className="space-y-1">
      <p className="text-[11px] text-stone-600">
        {t("servers.cost", { total: cost.total, bound: cost.bound, deferred: cost.deferred })}
      </p>
      <ul className="max-h-56 overflow-y-auto rounded border border-stone-100">
        {tools.map((tool) => (
          <li
            key={tool.name}
            data-testid="server-tool"
            data-tool-name={tool.name}
            data-state={tool.state}
            title={tool.why ?? tool.description}
            className="flex items-center gap-2 px-2 py-0.5 text-[11px]"
          >
            <span aria-hidden="true" className={`h-1.5 w-1.5 shrink-0 rounded-full ${DOT[tool.state]}`} />
            <code className="min-w-0 truncate font-mono text-stone-800">{tool.name}</code>
            <span className="shrink-0 text-stone-500">{t(`servers.toolState.${tool.state}`)}</span>
            <span className="ml-auto shrink-0 font-mono tabular-nums text-stone-400">
              {t("servers.tok", { count: tool.tokens })}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
