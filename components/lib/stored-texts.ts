/**
 * A map of texts by key kept in the browser's storage as JSON (drafts per thread, the branch chosen per thread),
 * read back defensively: storage is the browser's, so malformed JSON, the wrong shape and any entry `keep` refuses
 * are dropped. The newest written is last, so a bounded store keeps the most recent.
 */
export type StoredTexts = Record<string, string>;

/** The text kept for one entry (cut or checked), or null to drop it. */
export type KeepText = (key: string, text: string) => string | null;

/** The entries a stored value holds that `keep` keeps; empty for nothing, malformed JSON or the wrong shape. */
export function readTexts(raw: string | null, keep: KeepText): StoredTexts {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
  const out: StoredTexts = {};
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
    const kept = typeof value === "string" ? keep(key, value) : null;
    if (kept !== null) out[key] = kept;
  }
  return out;
}

/** The map with `key` set to `text` and moved last (newest), or removed when `text` is null. */
export function withNewest(texts: StoredTexts, key: string, text: string | null): StoredTexts {
  const { [key]: _old, ...rest } = texts;
  return text === null ? rest : { ...rest, [key]: text };
}

/** What to store: the last `max` entries written (withNewest) that `keep` keeps. */
export function storedTexts(texts: StoredTexts, max: number, keep: KeepText): string {
  const kept: Array<[string, string]> = [];
  for (const [key, text] of Object.entries(texts)) {
    const k = keep(key, text);
    if (k !== null) kept.push([key, k]);
  }
  return JSON.stringify(Object.fromEntries(kept.slice(-max)));
}
