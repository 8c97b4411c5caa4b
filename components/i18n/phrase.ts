import type { MessageKey } from "./en";
import type { Params } from "./translate";

/**
 * A sentence a view-model wants shown, as a catalog key and its params, so the view-model stays
 * free of any language; a param may itself be a phrase (a translated word inside the sentence).
 */
export interface Phrase {
  key: MessageKey;
  params?: PhraseParams;
}
export type PhraseParams = Readonly<Record<string, string | number | Phrase>>;

export function phrase(key: MessageKey, params?: PhraseParams): Phrase {
  return params ? { key, params } : { key };
}

/** The phrase in the language of `t` (useT()'s, or a catalog's via translate for checks). */
export function say(t: (key: MessageKey, params?: Params) => string, p: Phrase): string {
  if (!p.params) return t(p.key);
  const params: Params = {};
  for (const [name, value] of Object.entries(p.params))
    params[name] = typeof value === "object" ? say(t, value) : value;
  return t(p.key, params);
}
