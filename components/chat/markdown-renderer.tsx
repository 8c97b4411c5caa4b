"use client";

import { useEffect, useState } from "react";
import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { useT } from "@/components/i18n/i18n";
import { codeOfPre, type HastLike, hasMath, normalizeMath, safeHref } from "@/components/lib/markdown";
import { CodeBlock } from "./code-block";

type MathPlugins = typeof import("./math-plugins")["mathPlugins"];
let loadedMath: MathPlugins | null = null;

/** remark-math + KaTeX, fetched the first time some text needs them. */
function useMathPlugins(needed: boolean): MathPlugins | null {
  const [plugins, setPlugins] = useState(loadedMath);
  useEffect(() => {
    if (!needed || plugins) return;
    let live = true;
    import("./math-plugins").then(
      (m) => {
        loadedMath = m.mathPlugins;
        if (live) setPlugins(m.mathPlugins);
      },
      () => {
        // Without KaTeX the math stays readable as its TeX source.
      },
    );
    return () => {
      live = false;
    };
  }, [needed, plugins]);
  return needed ? plugins : null;
}

function SafeLink({ href, children }: { href?: string; children?: React.ReactNode }) {
  const safe = safeHref(href);
  if (!safe) return <span className="text-stone-600">{children}</span>;
  return (
    <a href={safe} target="_blank" rel="noreferrer noopener">
      {children}
    </a>
  );
}

/** Images are never fetched from the page (the CSP allows only this site): a link the person can open. */
function ImageLink({ src, alt }: { src?: string | Blob; alt?: string }) {
  const t = useT();
  const href = typeof src === "string" ? safeHref(src) : null;
  const label = `[${t("md.image")}${alt ? `: ${alt}` : ""}]`;
  if (!href) return <span className="text-stone-600">{label}</span>;
  return (
    <a href={href} target="_blank" rel="noreferrer noopener" data-testid="markdown-image-link">
      {label}
    </a>
  );
}

function TaskBox({ checked }: { checked?: boolean }) {
  const t = useT();
  return (
    <input
      type="checkbox"
      checked={!!checked}
      readOnly
      disabled
      aria-label={checked ? t("md.taskDone") : t("md.taskOpen")}
    />
  );
}

const COMPONENTS: Components = {
  a: ({ href, children }) => <SafeLink href={href}>{children}</SafeLink>,
  img: ({ src, alt }) => <ImageLink src={src} alt={alt} />,
  pre: ({ node }) => {
    const { code, language } = codeOfPre(node as HastLike | undefined);
    return <CodeBlock code={code} language={language} />;
  },
  input: ({ type, checked }) => (type === "checkbox" ? <TaskBox checked={checked} /> : null),
  table: ({ children }) => (
    <div className="overflow-x-auto">
      <table>{children}</table>
    </div>
  ),
};

/** GFM markdown (tables, task lists, strikethrough, autolinks), highlighted code and math; raw HTML is never rendered. */
export default function MarkdownRenderer({ text }: { text: string }) {
  const source = normalizeMath(text);
  const math = useMathPlugins(hasMath(source));
  return (
    <Markdown
      remarkPlugins={math ? [remarkGfm, ...math.remark] : [remarkGfm]}
      rehypePlugins={math ? math.rehype : []}
      components={COMPONENTS}
    >
      {source}
    </Markdown>
  );
}
