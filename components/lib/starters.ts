import type { MessageKey } from "@/components/i18n/en";

/** A first message to offer: sent as written (`text`), or a catalog prompt in the reader's language (`key`). */
export type StarterPrompt = { id: string; text: string } | { id: string; key: MessageKey };

interface ToolLike {
  name: string;
}

const DEMO: Array<{ needs: RegExp; text: string }> = [
  { needs: /calculate/, text: "calculate: 12*(3+4)" },
  { needs: /echo/, text: 'echo "hello"' },
  { needs: /^write_file$/, text: 'write a note to notes.md saying "hi" and show it' },
  { needs: /^ask_clarification$/, text: "ask me which format I want: pdf or html" },
  { needs: /^task$/, text: 'delegate to a subagent: echo "from the sub"' },
];

const BY_TOOL: Array<{ needs: RegExp; key: MessageKey }> = [
  { needs: /calculat|math|expression/i, key: "starter.calculate" },
  { needs: /^(ls|list_directory|read_file|write_file)$/i, key: "starter.files" },
  { needs: /convert|unit/i, key: "starter.units" },
  { needs: /entit|observation|memory|graph/i, key: "starter.memory" },
  { needs: /time|date|timezone/i, key: "starter.time" },
  { needs: /^task$/, key: "starter.delegate" },
];

/**
 * What to offer on an empty thread, from what the configured tools can do. The offline demo model only
 * understands its own phrasings, so it gets the README's examples, verbatim; a real model gets plain requests.
 */
export function starterPrompts(tools: readonly ToolLike[], demo: boolean, max = 4): StarterPrompt[] {
  const names = tools.map((t) => t.name);
  const has = (re: RegExp) => names.some((n) => re.exec(n) !== null);
  if (demo)
    return DEMO.filter((d) => has(d.needs))
      .slice(0, max)
      .map((d, i) => ({ id: `demo-${i}`, text: d.text }));
  const picked = BY_TOOL.filter((b) => has(b.needs)).map((b) => ({ id: b.key, key: b.key }));
  return (picked.length > 0 ? picked : [{ id: "starter.generic", key: "starter.generic" as MessageKey }]).slice(0, max);
}
