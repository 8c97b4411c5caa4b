"use client";

import { useSyncExternalStore } from "react";
import { ChatShell } from "./chat-shell";
import { I18nProvider } from "./i18n/i18n";
import { ThemeProvider } from "./settings/theme";

const never = () => () => {};

/**
 * The whole app is client-side: useStream needs the page's own origin for its API URL, which the
 * server-rendered shell cannot know, so the first paint is a splash and the chat mounts right after.
 */
export function FawnApp() {
  const apiUrl = useSyncExternalStore(
    never,
    () => `${window.location.origin}/api/langgraph`,
    () => null,
  );
  if (!apiUrl) {
    // No words: the language is only known in the browser.
    return (
      <div className="flex h-dvh items-center justify-center" aria-busy="true">
        <img src="/favicon.svg" alt="Fawn" width={28} height={28} className="animate-pulse" />
      </div>
    );
  }
  return (
    <ThemeProvider>
      <I18nProvider>
        <ChatShell apiUrl={apiUrl} />
      </I18nProvider>
    </ThemeProvider>
  );
}
