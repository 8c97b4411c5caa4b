/**
 * A long plain-words request, cut to what one search reads. A person pastes a whole situation into the chat, and a
 * model sometimes passes it on to tool_search as it is: past MAX_QUERY_LENGTH characters its words are not refused
 * but cut here, so the search's work stays what the longest accepted query costs (the hostile-input bound) and the
 * request still finds its tools.
 */

/**
 * `text` cut to at most `limit` characters at a word boundary (a word longer than `limit` is cut in it).
 * Shorter text comes back as it is.
 */
export function condenseRequest(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const head = text.slice(0, limit);
  // The character after the cut starts a word or is a space: the last word may be whole.
  const whole = /\s/.test(text[limit]!) ? head : head.replace(/\s+\S*$/, "");
  return (whole.trim() === "" ? head : whole).trimEnd();
}
