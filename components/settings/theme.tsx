"use client";

import { readStorage, writeStorage } from "@/components/lib/browser-storage";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
} from "react";
import { isDark, parseTheme, THEME_KEY, type ThemePref } from "@/components/lib/theme";

const QUERY = "(prefers-color-scheme: dark)";

function subscribeSystem(onChange: () => void): () => void {
  const mq = window.matchMedia(QUERY);
  mq.addEventListener("change", onChange);
  return () => mq.removeEventListener("change", onChange);
}

function readStored(): ThemePref {
  return parseTheme(readStorage(THEME_KEY));
}

interface Theme {
  pref: ThemePref;
  dark: boolean;
  setPref: (pref: ThemePref) => void;
}

const ThemeContext = createContext<Theme>({ pref: "system", dark: false, setPref: () => {} });

/**
 * Light / dark / system, remembered in this browser. public/theme-init.js sets the same `dark` class
 * before the first paint; this keeps it in step with the choice and with the system setting.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [pref, setPrefState] = useState<ThemePref>(readStored);
  const systemDark = useSyncExternalStore(
    subscribeSystem,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
  const dark = isDark(pref, systemDark);
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle("dark", dark);
    root.style.colorScheme = dark ? "dark" : "light";
  }, [dark]);
  const setPref = useCallback((next: ThemePref) => {
    setPrefState(next);
    // Not remembered when storage is blocked; applied all the same.
    writeStorage(THEME_KEY, next);
  }, []);
  return <ThemeContext.Provider value={{ pref, dark, setPref }}>{children}</ThemeContext.Provider>;
}

export function useTheme(): Theme {
  return useContext(ThemeContext);
}
