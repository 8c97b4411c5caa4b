"use client";

import { readStorage, writeStorage } from "@/components/lib/browser-storage";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { en, type MessageKey } from "./en";
import { detectLocale, type Locale, type Params, translate } from "./translate";
import { zhCN } from "./zh-CN";

const CATALOGS: Record<Locale, Readonly<Record<MessageKey, string>>> = { en, "zh-CN": zhCN };
const STORAGE_KEY = "fawn:locale";

export type Translate = (key: MessageKey, params?: Params) => string;

interface I18n {
  locale: Locale;
  setLocale: (locale: Locale) => void;
  t: Translate;
}

const I18nContext = createContext<I18n>({
  locale: "en",
  setLocale: () => {},
  t: (key, params) => translate(en, key, params),
});

function initialLocale(): Locale {
  if (typeof window === "undefined") return "en";
  // Storage can be blocked; the browser's language decides then.
  return detectLocale(
    readStorage(STORAGE_KEY),
    navigator.languages?.length ? navigator.languages : [navigator.language],
  );
}

/** The UI language (English or 简体中文), remembered in this browser; `<html lang>` follows it. */
export function I18nProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(initialLocale);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  const setLocale = useCallback((next: Locale) => {
    setLocaleState(next);
    // Not remembered when storage is blocked; switched all the same.
    writeStorage(STORAGE_KEY, next);
  }, []);
  const value = useMemo<I18n>(
    () => ({ locale, setLocale, t: (key, params) => translate(CATALOGS[locale], key, params) }),
    [locale, setLocale],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** `t(key, params)` in the current language. */
export function useT(): Translate {
  return useContext(I18nContext).t;
}

export function useI18n(): I18n {
  return useContext(I18nContext);
}
