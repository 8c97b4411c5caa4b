/** Escape a tool name for the prompt section (names are validated, but a section must never be broken open). */
function escapeName(name: string): string {
  return name.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * The system-prompt section that tells the model which tools exist but are not bound:
 * names only, sorted, one per line. Empty when nothing is deferred.
 */
export function deferredToolsPromptSection(names: Iterable<string>): string {
  const sorted = [...new Set(names)].sort();
  if (sorted.length === 0) return "";
  return [
    "<available-deferred-tools>",
    ...sorted.map(escapeName),
    "</available-deferred-tools>",
    "The tools above exist but their schemas are not loaded. Call `tool_search` to load the ones you need " +
      '(query forms: "select:name_a,name_b" for exact names, "+term words" to require a term in the name, ' +
      "or plain keywords / a regex). Found tools become callable on your next step.",
  ].join("\n");
}
