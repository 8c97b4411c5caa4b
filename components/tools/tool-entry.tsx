import { type Translate, useT } from "@/components/i18n/i18n";
import type { ToolEntry } from "@/components/lib/tools-inventory";

const TESTID = { promoted: "promoted-tool", deferred: "deferred-tool", bound: "bound-tool" } as const;

const SOURCE_LABEL = { builtin: "tools.source.builtin", config: "tools.source.config" } as const;

/**
 * One tool in the panel: name, where it comes from, what its schema costs, what it does and, for a promoted tool,
 * the search that loaded it (`why`). The name is never cut: the labels go on a line of their own.
 */
export function ToolEntryRow({
  tool,
  showServer = false,
  why,
}: {
  tool: ToolEntry;
  showServer?: boolean;
  why?: string;
}) {
  const t = useT();
  const tag = showServer && tool.server ? tool.server : tool.source === "mcp" ? null : t(SOURCE_LABEL[tool.source]);
  return (
    <li
      data-testid={TESTID[tool.state]}
      data-tool-name={tool.name}
      data-live={tool.live || undefined}
      title={tool.description || tool.name}
      className={`rounded-md px-2 py-1 ${tool.live ? "animate-promote" : ""} ${tool.state === "deferred" ? "text-stone-500" : ""}`}
    >
      <div className="flex items-center gap-2">
        <span
          aria-hidden="true"
          className={`h-1.5 w-1.5 shrink-0 rounded-full ${
            tool.state === "promoted"
              ? "bg-emerald-500"
              : tool.state === "bound"
                ? "bg-fawn-500"
                : "border border-stone-400"
          }`}
        />
        <code
          className={`min-w-0 break-all font-mono text-xs ${tool.state === "deferred" ? "" : "font-medium text-stone-900"}`}
        >
          {tool.name}
        </code>
        <span className="ml-auto shrink-0 font-mono text-[10px] tabular-nums text-stone-400">
          {t("tools.tok", { count: tool.tokens })}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-1 pl-3.5 empty:hidden">
        {tag && <span className="rounded bg-stone-100 px-1 text-[10px] text-stone-600">{tag}</span>}
        {tool.group && <span className="rounded bg-stone-100 px-1 text-[10px] text-stone-500">{tool.group}</span>}
        <Badges tool={tool} t={t} />
      </div>
      {tool.description && <div className="truncate pl-3.5 text-[11px] text-stone-500">{tool.description}</div>}
      {why && (
        <div data-testid="promoted-why" className="truncate pl-3.5 text-[11px] text-emerald-800" title={why}>
          {t("tools.foundBy", { query: why })}
        </div>
      )}
    </li>
  );
}

/** The tool's defer policy when it is not the default, and the server's hints about what it does. */
function Badges({ tool, t }: { tool: ToolEntry; t: Translate }) {
  const policy = tool.defer_policy;
  const a = tool.annotations;
  return (
    <>
      {tool.prefetched && (
        <span
          data-testid="prefetched"
          title={t("tools.prefetchedTitle")}
          className="shrink-0 rounded bg-violet-100 px-1 text-[10px] text-violet-800"
        >
          {t("tools.prefetched")}
        </span>
      )}
      {policy && (policy.policy !== "auto" || tool.bound_reason) && (
        <span
          data-testid="defer-policy"
          data-policy={policy.policy}
          title={
            tool.bound_reason ??
            t("tools.policySetOn", { policy: policy.policy, from: t(`tools.policyFrom.${policy.from}`) })
          }
          className="shrink-0 rounded bg-sky-100 px-1 text-[10px] text-sky-800"
        >
          {tool.bound_reason
            ? policy.policy === "never"
              ? "defer: never"
              : t("tools.autoBound")
            : `defer: ${policy.policy}`}
        </span>
      )}
      {a?.destructiveHint === true && (
        <span
          data-testid="annotation"
          data-hint="destructive"
          className="shrink-0 rounded bg-red-100 px-1 text-[10px] text-red-800"
        >
          {t("tools.destructive")}
        </span>
      )}
      {a?.readOnlyHint === true && (
        <span
          data-testid="annotation"
          data-hint="read-only"
          className="shrink-0 rounded bg-emerald-100 px-1 text-[10px] text-emerald-800"
        >
          {t("tools.readOnly")}
        </span>
      )}
    </>
  );
}
