"use client";

import { useT } from "@/components/i18n/i18n";
import type { McpServerProbeResult } from "@/lib/contracts/mcp-servers";
import { ToolCosts } from "./tool-costs";

/** The outcome of "Test connection": time, tools and their cost, or the error; a test never saves anything. */
export function TestResult({ result, disabled = false }: { result: McpServerProbeResult; disabled?: boolean }) {
  const t = useT();
  return (
    <div
      data-testid="server-test-result"
      data-ok={result.ok}
      role="status"
      className={`space-y-1.5 rounded-md px-2 py-1.5 text-xs ${result.ok ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-900"}`}
    >
      <p className="break-words">
        {result.ok
          ? t("servers.test.ok", { ms: result.ms, count: result.tools.length })
          : t("servers.test.failed", { ms: result.ms, detail: result.error ?? "" })}
      </p>
      {result.auth_required && <p>{t("servers.test.signIn")}</p>}
      {result.ok && disabled && <p data-testid="server-test-if-enabled">{t("servers.test.ifEnabled")}</p>}
      {result.ok && result.tools.length > 0 && <ToolCosts tools={result.tools} cost={result.cost} />}
      {result.warnings.length > 0 && (
        <ul className="list-disc pl-4 text-[11px] text-amber-800">
          {result.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
