"use client";

import { useT } from "@/components/i18n/i18n";
import type { ModelChoice } from "@/components/lib/models";

export interface ModelPickerProps {
  models: ModelChoice[];
  selected: string | null;
  error: string | null;
  disabled?: boolean;
  onSelect: (name: string) => void;
}

/** Which configured model answers the next message. */
export function ModelPicker({ models, selected, error, disabled, onSelect }: ModelPickerProps) {
  const t = useT();
  return (
    <label className="inline-flex max-w-full items-center gap-1.5 text-xs text-stone-600" title={error ?? undefined}>
      <span className="shrink-0">{t("model.label")}</span>
      <select
        data-testid="model-picker"
        value={selected ?? ""}
        disabled={disabled || models.length === 0}
        onChange={(e) => onSelect(e.target.value)}
        className="min-w-0 max-w-[14rem] truncate rounded-md border border-stone-200 bg-stone-50 px-1.5 py-1 text-xs text-stone-800 outline-none focus-visible:ring-2 focus-visible:ring-fawn-400/60 hover:border-stone-300 focus:border-fawn-400"
      >
        {models.length === 0 && <option value="">{error ? t("model.unavailable") : t("common.loading")}</option>}
        {models.map((m) => (
          <option key={m.name} value={m.name}>
            {m.label}
          </option>
        ))}
      </select>
      {error && (
        <span role="alert" className="truncate text-red-700">
          {error}
        </span>
      )}
    </label>
  );
}
