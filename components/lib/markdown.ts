/**
 * What the markdown renderer decides before it renders: which links may be followed, which code
 * languages can be highlighted, and whether the text has math (so KaTeX is loaded only then).
 */

/** Links the chat lets a person follow: web, mail and same-site. Anything else (javascript:, data:, …) is inert. */
export function safeHref(href: string | null | undefined): string | null {
  if (!href) return null;
  const h = href.trim();
  if (/^(https?:|mailto:)/i.exec(h)) return h;
  if (/^(\/(?!\/)|#|\.\.?\/)/.exec(h)) return h;
  // A scheme-less word ("example.com/x") has no colon before its first slash: a relative link.
  return /^[^:/?#]+(?:[/?#]|$)/.exec(h) && !h.includes(":") ? h : null;
}

/** Languages the highlighter can load, by the names people put after ``` (aliases → highlight.js names). */
const ALIASES: Record<string, string> = {
  js: "javascript",
  javascript: "javascript",
  jsx: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  ts: "typescript",
  typescript: "typescript",
  tsx: "typescript",
  json: "json",
  jsonc: "json",
  py: "python",
  python: "python",
  sh: "bash",
  bash: "bash",
  shell: "bash",
  zsh: "bash",
  console: "bash",
  html: "xml",
  xml: "xml",
  svg: "xml",
  css: "css",
  yaml: "yaml",
  yml: "yaml",
  sql: "sql",
  go: "go",
  golang: "go",
  rust: "rust",
  rs: "rust",
  java: "java",
  c: "c",
  h: "c",
  cpp: "cpp",
  "c++": "cpp",
  cs: "csharp",
  csharp: "csharp",
  diff: "diff",
  patch: "diff",
  md: "markdown",
  markdown: "markdown",
  toml: "ini",
  ini: "ini",
  dockerfile: "dockerfile",
  docker: "dockerfile",
  rb: "ruby",
  ruby: "ruby",
  php: "php",
  kt: "kotlin",
  kotlin: "kotlin",
  swift: "swift",
};

/** The highlight.js language for a fence's info word, or null when it is not one the chat loads. */
export function highlightLanguage(lang: string | null | undefined): string | null {
  if (!lang) return null;
  return ALIASES[lang.toLowerCase()] ?? null;
}

/** The language react-markdown puts on `<code class="language-ts">`, or null. */
export function fenceLanguage(className: string | undefined): string | null {
  const m = /(?:^|\s)language-([^\s]+)/.exec(className ?? "");
  return m ? (m[1] as string) : null;
}

/** Fenced and inline code, where `$` and `\(` are text, not math. */
const CODE = /(```[\s\S]*?(?:```|$)|~~~[\s\S]*?(?:~~~|$)|`[^`\n]*`)/g;

/**
 * Math the way models write it, as remark-math reads it: `\[…\]` becomes a `$$` block and `\(…\)`
 * inline `$$…$$`. Single dollars stay text, so "$5 and $10" is never typeset. Code is left alone.
 */
export function normalizeMath(text: string): string {
  if (!text.includes("\\(") && !text.includes("\\[")) return text;
  return text
    .split(CODE)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part
            .replace(/\\\[([\s\S]+?)\\\]/g, (_m, body: string) => `\n$$\n${body.trim()}\n$$\n`)
            .replace(/\\\(([\s\S]+?)\\\)/g, (_m, body: string) => `$$${body.trim()}$$`),
    )
    .join("");
}

/** Whether the text has math outside code (after normalizeMath): the cue to load KaTeX. */
export function hasMath(text: string): boolean {
  return text.split(CODE).some((part, i) => i % 2 === 0 && /\$\$[\s\S]+?\$\$/.exec(part) !== null);
}

/** The parts of a hast node the renderer reads (structurally matches `hast` Element/Text). */
export interface HastLike {
  type: string;
  value?: string;
  tagName?: string;
  properties?: { className?: unknown };
  children?: HastLike[];
}

/** The text of a hast subtree: a code block's source, whatever the highlighter did to it. */
export function hastText(node: HastLike | undefined): string {
  if (!node) return "";
  if (node.type === "text") return node.value ?? "";
  return (node.children ?? []).map(hastText).join("");
}

/** The `<code>` inside a `<pre>`: its source (without the final newline) and its fence language. */
export function codeOfPre(pre: HastLike | undefined): { code: string; language: string | null } {
  const code = pre?.children?.find((c) => c.type === "element" && c.tagName === "code");
  const cls = code?.properties?.className;
  const className = Array.isArray(cls) ? cls.join(" ") : typeof cls === "string" ? cls : undefined;
  return { code: hastText(code ?? pre).replace(/\n$/, ""), language: fenceLanguage(className) };
}
