/**
 * Statements of a tool's text that send the reader to another tool ("Do not use when the user wants to remove tags
 * (use anki_remove_note_tags)", "For removing single branches, use `delete_branch` instead."). Such a statement says
 * what the tool is *not* for; counted as the tool's own words it ranks the tool for the requests it turns away.
 * Only the statement is dropped (a sentence, or its part after a semicolon or dash): the rest reads as written.
 */

/**
 * A redirect: a statement that starts "Do not / Don't / Never use|call", or says "do not use|call" this tool, it,
 * or for, when, if, unless or to something; "not for"; "use|call|try|see|prefer X … instead" where X is not this tool
 * (at most 200 characters apart, so the test stays linear). A tool's own "queries that don't use an index" is what it
 * does, and "use this instead of X" or "exact matching instead of regex" say what the tool is for: neither is one.
 */
const REDIRECT =
  /^\s*(?:do not|don['\u2019]t|never) (?:use|call)\b|\b(?:do not|don['\u2019]t|never|not) (?:use|call) (?:this|it|for|when|if|unless|to)\b|\bnot for\b|\b(?:use|call|try|see|prefer)\b(?! this\b| it\b)[^.!?\n;]{0,200}\binstead\b(?! of\b)/i;

/** A cheap first test: a text without any of these words holds no redirect. */
const MAYBE = /\b(?:not|never|instead)\b|n['\u2019]t\b/i;

/**
 * A statement: a run of text up to its end mark(s) (a sentence's, or a semicolon or dash between two statements), a
 * line break, or the end of the text. "Create or update a file remotely; do not use it for local files" is two.
 */
const STATEMENT = /[^.!?\n;\u2014]+(?:[.!?;\u2014]+|\n|$)/g;

/**
 * `text` with each redirect statement replaced by as many spaces (every other one stays where it was, so the
 * description's first sentence and word boundaries are unchanged).
 */
export function withoutRedirects(text: string): string {
  if (!MAYBE.test(text)) return text;
  return text.replace(STATEMENT, (part) => (REDIRECT.test(part) ? " ".repeat(part.length) : part));
}
