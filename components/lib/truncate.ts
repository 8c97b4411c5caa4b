export interface Truncated {
  text: string;
  truncated: boolean;
  /** Lines (or, for one long line, characters) the short view leaves out. */
  hiddenLines: number;
  hiddenChars: number;
}

/**
 * Cuts long tool output for the collapsed view: at most `maxLines` lines and `maxChars` characters,
 * whichever comes first. The cut never lands inside a surrogate pair.
 */
export function truncate(text: string, maxChars = 1200, maxLines = 16): Truncated {
  const lines = text.split("\n");
  let shown = lines.length > maxLines ? lines.slice(0, maxLines).join("\n") : text;
  if (shown.length > maxChars) {
    let cut = maxChars;
    const code = shown.charCodeAt(cut - 1);
    if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
    shown = shown.slice(0, cut);
  }
  const truncated = shown.length < text.length;
  const shownLines = shown.split("\n").length;
  return {
    text: shown,
    truncated,
    hiddenLines: truncated ? lines.length - shownLines : 0,
    hiddenChars: text.length - shown.length,
  };
}

/** Shortens a one-line label such as a thread title. */
export function ellipsis(text: string, max: number): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return oneLine.length > max ? `${oneLine.slice(0, max - 1).trimEnd()}…` : oneLine;
}
