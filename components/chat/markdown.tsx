"use client";

import { lazy, Suspense } from "react";

// The renderer (react-markdown, GFM) is its own chunk: the first screen has no markdown to show, so the
// composer does not wait for it. ChatShell preloads it once the page is idle.
const MarkdownRenderer = lazy(() => import("./markdown-renderer"));

export function preloadMarkdown(): void {
  void import("./markdown-renderer");
}

/** Model output as markdown; links open in a new tab, raw HTML is never rendered, images are links. */
export function MarkdownText({ text }: { text: string }) {
  return (
    <div className="markdown">
      <Suspense fallback={<p className="whitespace-pre-wrap">{text}</p>}>
        <MarkdownRenderer text={text} />
      </Suspense>
    </div>
  );
}
