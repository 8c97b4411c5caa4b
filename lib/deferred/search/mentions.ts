import type { SearchDoc } from "./types";

/**
 * An identifier as tool names are spelled: words joined by `_`, `-` or `.` (`notes_search`, `list-pages`), or
 * camelCase (`getIssue`), read from the start of a word only (the lookahead lets every other word fail at its
 * first letter: 10,000 descriptions in ~15 ms). A plain word never is one, so "search" in "search the notes" is
 * never taken for a tool.
 */
const IDENTIFIER = /\b[A-Za-z](?=[A-Za-z0-9]*(?:[_.-][A-Za-z0-9]|[a-z0-9][A-Z]))[A-Za-z0-9]*(?:[_.-][A-Za-z0-9]+)*/g;

/** The forms a tool answers to in other tools' text: its name, and its name without its server's prefix. */
function formsOf(doc: SearchDoc): string[] {
  const name = doc.name.toLowerCase();
  const forms = [name];
  const server = doc.server?.toLowerCase();
  if (server) {
    for (const sep of ["_", "-", "."]) {
      if (name.startsWith(server + sep) && name.length > server.length + 1) forms.push(name.slice(server.length + 1));
    }
  }
  return forms;
}

/**
 * Mentions of other tools in a tool's text (`notes_delete`: "the id, from notes_list or notes_search"). Such words
 * say where the tool's inputs come from or what to use instead, not what the tool does; counted as its own words
 * they rank it for its neighbours' requests ("search my notes" finding notes_delete). `strip` blanks them.
 */
export class ToolMentions {
  /** Every form some tool of the catalog answers to, lower case. */
  private readonly forms = new Set<string>();

  constructor(docs: readonly SearchDoc[]) {
    for (const d of docs) for (const f of formsOf(d)) this.forms.add(f);
  }

  /**
   * `text` with each identifier that names a catalog tool other than `doc` replaced by a space (so no two words
   * join). A name `doc` itself answers to is kept: a tool may name itself.
   */
  strip(text: string, doc: SearchDoc): string {
    if (this.forms.size === 0) return text;
    let own: string[] | null = null;
    return text.replace(IDENTIFIER, (word) => {
      const w = word.toLowerCase();
      if (!this.forms.has(w)) return word;
      own ??= formsOf(doc);
      return own.includes(w) ? word : " ";
    });
  }
}
