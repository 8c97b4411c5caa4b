/**
 * Unsent drafts per thread ("new" for a thread not created yet), kept in the browser's storage so a reload or a
 * reopened link finds them. Read back defensively: storage is the browser's, anything malformed is dropped.
 */
export type Drafts = Record<string, string>;

export const DRAFTS_KEY = "fawn.drafts";
/** At most this many drafts are kept (the most recently written), each at most MAX_DRAFT_CHARS. */
export const MAX_DRAFTS = 50;
export const MAX_DRAFT_CHARS = 100_000;

/** The drafts a stored value holds; empty for nothing, malformed JSON or the wrong shape. */
export function readDrafts(raw: string | null): Drafts {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
  const out: Drafts = {};
  for (const [key, text] of Object.entries(parsed as Record<string, unknown>))
    if (typeof text === "string" && text !== "") out[key] = text.slice(0, MAX_DRAFT_CHARS);
  return out;
}

/** The drafts with `key`'s text set and moved last, so the newest written are the ones storedDrafts keeps. */
export function withDraft(drafts: Drafts, key: string, text: string): Drafts {
  const { [key]: _old, ...rest } = drafts;
  return { ...rest, [key]: text };
}

/** What to store: the non-empty drafts, the last MAX_DRAFTS written (withDraft), each cut to MAX_DRAFT_CHARS. */
export function storedDrafts(drafts: Drafts): string {
  const kept = Object.entries(drafts)
    .filter(([, text]) => text !== "")
    .slice(-MAX_DRAFTS)
    .map(([key, text]) => [key, text.slice(0, MAX_DRAFT_CHARS)]);
  return JSON.stringify(Object.fromEntries(kept));
}
