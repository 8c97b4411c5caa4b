import { readTexts, type StoredTexts, storedTexts, withNewest } from "./stored-texts";

/**
 * Unsent drafts per thread ("new" for a thread not created yet), kept in the browser's storage so a reload or a
 * reopened link finds them. Read back defensively: storage is the browser's, anything malformed is dropped.
 */
export type Drafts = StoredTexts;

export const DRAFTS_KEY = "fawn.drafts";
/** At most this many drafts are kept (the most recently written), each at most MAX_DRAFT_CHARS. */
export const MAX_DRAFTS = 50;
export const MAX_DRAFT_CHARS = 100_000;

/** A draft is kept while it holds text, cut to MAX_DRAFT_CHARS. */
const keepDraft = (_key: string, text: string) => (text === "" ? null : text.slice(0, MAX_DRAFT_CHARS));

/** The drafts a stored value holds; empty for nothing, malformed JSON or the wrong shape. */
export function readDrafts(raw: string | null): Drafts {
  return readTexts(raw, keepDraft);
}

/** The drafts with `key`'s text set and moved last, so the newest written are the ones storedDrafts keeps. */
export function withDraft(drafts: Drafts, key: string, text: string): Drafts {
  return withNewest(drafts, key, text);
}

/** What to store: the non-empty drafts, the last MAX_DRAFTS written (withDraft), each cut to MAX_DRAFT_CHARS. */
export function storedDrafts(drafts: Drafts): string {
  return storedTexts(drafts, MAX_DRAFTS, keepDraft);
}
