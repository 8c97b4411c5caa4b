"use client";

import { useI18n } from "@/components/i18n/i18n";
import { LOCALES, parseLocale } from "@/components/i18n/translate";
import { GlobeIcon, MonitorIcon, MoonIcon, SunIcon } from "@/components/icons";
import { nextTheme } from "@/components/lib/theme";
import { StorageStatus } from "./storage-status";
import { useTheme } from "./theme";

const LANGUAGE_NAMES: Record<(typeof LOCALES)[number], string> = { en: "English", "zh-CN": "简体中文" };

/** Theme (light → dark → system) and language, remembered in this browser; where threads are kept. */
export function SettingsBar() {
  const { t, locale, setLocale } = useI18n();
  const { pref, setPref } = useTheme();
  const Icon = pref === "dark" ? MoonIcon : pref === "light" ? SunIcon : MonitorIcon;
  const current = t(pref === "dark" ? "theme.dark" : pref === "light" ? "theme.light" : "theme.system");
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1.5 border-t border-stone-200 px-3 py-2 text-xs text-stone-600">
      <button
        type="button"
        data-testid="theme-toggle"
        data-theme={pref}
        onClick={() => setPref(nextTheme(pref))}
        aria-label={t("theme.toggle", { current })}
        title={t("theme.toggle", { current })}
        className="inline-flex items-center gap-1.5 rounded-lg border border-stone-300 px-2 py-1 hover:bg-stone-100"
      >
        <Icon width={14} height={14} /> {current}
      </button>
      {/* A line of its own: beside the theme and language controls it was cut to its first letter. */}
      <div className="order-last flex w-full min-w-0">
        <StorageStatus />
      </div>
      <label className="ml-auto inline-flex items-center gap-1">
        <GlobeIcon width={14} height={14} aria-hidden="true" />
        <span className="sr-only">{t("settings.language")}</span>
        <select
          data-testid="language-select"
          value={locale}
          onChange={(e) => {
            const next = parseLocale(e.target.value);
            if (next) setLocale(next);
          }}
          className="rounded-md border border-stone-300 bg-white px-1.5 py-1 text-xs text-stone-800"
        >
          {LOCALES.map((l) => (
            <option key={l} value={l} lang={l}>
              {LANGUAGE_NAMES[l]}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
