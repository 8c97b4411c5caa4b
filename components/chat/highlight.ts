// Loaded on demand by CodeBlock: highlight.js core through lowlight (a hast tree, rendered as React
// elements, never as an HTML string), one language module fetched the first time a block needs it.
import { toJsxRuntime } from "hast-util-to-jsx-runtime";
import { createLowlight } from "lowlight";
import type { ReactNode } from "react";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";

type LanguageModule = { default: Parameters<ReturnType<typeof createLowlight>["register"]>[1] };

const LOADERS: Record<string, () => Promise<LanguageModule>> = {
  javascript: () => import("highlight.js/lib/languages/javascript"),
  typescript: () => import("highlight.js/lib/languages/typescript"),
  json: () => import("highlight.js/lib/languages/json"),
  python: () => import("highlight.js/lib/languages/python"),
  bash: () => import("highlight.js/lib/languages/bash"),
  xml: () => import("highlight.js/lib/languages/xml"),
  css: () => import("highlight.js/lib/languages/css"),
  yaml: () => import("highlight.js/lib/languages/yaml"),
  sql: () => import("highlight.js/lib/languages/sql"),
  go: () => import("highlight.js/lib/languages/go"),
  rust: () => import("highlight.js/lib/languages/rust"),
  java: () => import("highlight.js/lib/languages/java"),
  c: () => import("highlight.js/lib/languages/c"),
  cpp: () => import("highlight.js/lib/languages/cpp"),
  csharp: () => import("highlight.js/lib/languages/csharp"),
  diff: () => import("highlight.js/lib/languages/diff"),
  markdown: () => import("highlight.js/lib/languages/markdown"),
  ini: () => import("highlight.js/lib/languages/ini"),
  dockerfile: () => import("highlight.js/lib/languages/dockerfile"),
  ruby: () => import("highlight.js/lib/languages/ruby"),
  php: () => import("highlight.js/lib/languages/php"),
  kotlin: () => import("highlight.js/lib/languages/kotlin"),
  swift: () => import("highlight.js/lib/languages/swift"),
};

const lowlight = createLowlight();

/** The code as highlighted React elements, or null when the language is not one we load. */
export async function highlightCode(code: string, language: string): Promise<ReactNode | null> {
  const load = LOADERS[language];
  if (!load) return null;
  if (!lowlight.registered(language)) lowlight.register(language, (await load()).default);
  return toJsxRuntime(lowlight.highlight(language, code), { Fragment, jsx, jsxs });
}
