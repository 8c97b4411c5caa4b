"use client";

import { type RefObject, useEffect, useRef, useSyncExternalStore } from "react";

/** Below these widths each drawer covers the page (thread-list.tsx: `md:static`; side-panel.tsx: `lg:static`). */
const COVERS = { threads: "(max-width: 767.98px)", side: "(max-width: 1023.98px)" } as const;

export type Drawer = keyof typeof COVERS;

function useMedia(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mq = window.matchMedia(query);
      mq.addEventListener("change", onChange);
      return () => mq.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Whether the open drawer covers the page (on a narrow window), so it is a modal dialog: the caller makes the rest
 * of the page inert (no Tab stop, no click behind the drawer). While it is one, focus moves into it (`ref`'s first
 * control), and when it closes focus goes back to where it was (the button that opened it).
 */
export function useModalDrawer(open: Drawer | null, refs: Record<Drawer, RefObject<HTMLElement | null>>): boolean {
  const narrowThreads = useMedia(COVERS.threads);
  const narrowSide = useMedia(COVERS.side);
  const modal = open === "threads" ? narrowThreads : open === "side" ? narrowSide : false;
  const modalDrawer = modal ? open : null;
  const before = useRef<HTMLElement | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refs are stable; only which drawer is modal matters
  useEffect(() => {
    if (!modalDrawer) return;
    before.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const el = refs[modalDrawer].current;
    if (el && !el.contains(document.activeElement)) el.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    return () => {
      const back = before.current;
      before.current = null;
      // After the page behind is no longer inert (the next render), give focus back.
      requestAnimationFrame(() => {
        const now = document.activeElement;
        if (back?.isConnected && (!now || now === document.body || now.closest("[data-drawer]"))) back.focus();
      });
    };
  }, [modalDrawer]);
  return modal;
}
