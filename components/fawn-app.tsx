"use client";

import { useSyncExternalStore } from "react";
import { ChatShell } from "./chat-shell";

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
    return (
      <div className="flex h-dvh items-center justify-center gap-2 text-sm text-stone-500">
        <img src="/favicon.svg" alt="" width={20} height={20} /> Loading Fawn…
      </div>
    );
  }
  return <ChatShell apiUrl={apiUrl} />;
}
