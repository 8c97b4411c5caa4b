"use client";

import { useT } from "@/components/i18n/i18n";
import { ChevronIcon } from "@/components/icons";

export interface BranchInfo {
  branch: string;
  options: string[];
}

/** ‹ 1 / 2 › between the versions a regenerate or an edit created at this point of the thread. */
export function BranchSwitcher({
  info,
  onSelect,
  disabled,
}: {
  info: BranchInfo;
  onSelect: (branch: string) => void;
  disabled?: boolean;
}) {
  const t = useT();
  const index = Math.max(0, info.options.indexOf(info.branch));
  const go = (i: number) => {
    const target = info.options[i];
    if (target !== undefined) onSelect(target);
  };
  return (
    <span
      data-testid="branch-switcher"
      data-index={index + 1}
      data-count={info.options.length}
      className="inline-flex items-center gap-0.5 text-xs text-stone-600"
    >
      <button
        type="button"
        data-testid="branch-prev"
        onClick={() => go(index - 1)}
        disabled={disabled || index === 0}
        aria-label={t("branch.previous")}
        className="rounded p-1 hover:bg-stone-200 disabled:opacity-40"
      >
        <ChevronIcon width={12} height={12} className="rotate-180" />
      </button>
      <span className="tabular-nums">{t("branch.position", { index: index + 1, count: info.options.length })}</span>
      <button
        type="button"
        data-testid="branch-next"
        onClick={() => go(index + 1)}
        disabled={disabled || index >= info.options.length - 1}
        aria-label={t("branch.next")}
        className="rounded p-1 hover:bg-stone-200 disabled:opacity-40"
      >
        <ChevronIcon width={12} height={12} />
      </button>
    </span>
  );
}
