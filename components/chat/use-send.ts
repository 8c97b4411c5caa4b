"use client";

import { useCallback, useRef } from "react";

/**
 * Turns "submit and stream" into "resolve once the server accepted the run". useStream reports the run's
 * creation (onCreated) and failures (onError) through callbacks; a send waits on whichever comes first,
 * so the composer keeps the draft until the run exists and can offer Retry when it never did.
 */
export function useRunAcceptance() {
  const waiting = useRef<{ resolve: () => void; reject: (e: unknown) => void } | null>(null);
  const expect = useCallback(
    () =>
      new Promise<void>((resolve, reject) => {
        waiting.current?.reject(new Error("superseded by another send"));
        waiting.current = { resolve, reject };
      }),
    [],
  );
  const accepted = useCallback(() => {
    waiting.current?.resolve();
    waiting.current = null;
  }, []);
  const failed = useCallback((e: unknown) => {
    waiting.current?.reject(e);
    waiting.current = null;
  }, []);
  return { expect, accepted, failed, isWaiting: () => waiting.current !== null };
}
