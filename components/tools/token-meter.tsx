"use client";

import { useT } from "@/components/i18n/i18n";

/** Schema tokens bound on the thread's next model call against binding every tool, as o200k counts. */
export function TokenMeter({ nextCall, allBound }: { nextCall: number; allBound: number }) {
  const pct = allBound > 0 ? Math.min(100, (nextCall / allBound) * 100) : 0;
  const saved = Math.max(0, allBound - nextCall);
  const t = useT();
  return (
    <div data-testid="token-meter" data-next-call={nextCall} data-all-bound={allBound} className="space-y-1">
      <div className="flex items-baseline justify-between text-xs">
        <span className="text-stone-600">{t("tokens.label")}</span>
        <span className="font-mono tabular-nums text-stone-900">
          <span data-testid="tokens-next-call" className="font-semibold">
            {nextCall.toLocaleString("en-US")}
          </span>
          <span className="text-stone-400"> / {allBound.toLocaleString("en-US")}</span>
        </span>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: <meter> cannot be styled as this bar in every browser */}
      <div
        className="h-2 overflow-hidden rounded-full bg-stone-200"
        role="meter"
        aria-label={t("tokens.meter")}
        aria-valuemin={0}
        aria-valuemax={allBound}
        aria-valuenow={nextCall}
      >
        <div className="h-full rounded-full bg-fawn-500 transition-[width] duration-500" style={{ width: `${pct}%` }} />
      </div>
      <div className="text-[11px] text-stone-500">
        {allBound > 0
          ? t("tokens.saved", { tokens: saved.toLocaleString("en-US"), percent: Math.round(100 - pct) })
          : t("tokens.none")}
      </div>
    </div>
  );
}
