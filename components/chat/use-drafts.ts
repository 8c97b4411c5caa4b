"use client";

import { readStorage, writeStorage } from "@/components/lib/browser-storage";
import { type Dispatch, type SetStateAction, useEffect, useState } from "react";
import { DRAFTS_KEY, type Drafts, readDrafts, storedDrafts } from "@/components/lib/drafts";

/** A pause in typing after which the drafts are written to storage (not on every keystroke). */
const SAVE_AFTER_MS = 300;

/**
 * Unsent drafts per thread, kept in the browser's storage so a reload or a reopened link finds them (drafts.ts).
 * Written once typing pauses, and at once when the page goes away; storage that is blocked or full only means the
 * drafts live as long as the page.
 */
export function useDrafts(): [Drafts, Dispatch<SetStateAction<Drafts>>] {
  const [drafts, setDrafts] = useState<Drafts>(() => readDrafts(readStorage(DRAFTS_KEY)));
  useEffect(() => {
    const save = () => writeStorage(DRAFTS_KEY, storedDrafts(drafts));
    const timer = window.setTimeout(save, SAVE_AFTER_MS);
    window.addEventListener("pagehide", save);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener("pagehide", save);
    };
  }, [drafts]);
  return [drafts, setDrafts];
}
