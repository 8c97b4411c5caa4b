/** A ranked result: the tool's index, name and score (in the ranking's units). */
export interface Scored {
  index: number;
  name: string;
  score: number;
}

/** Higher score first, then name: the one ordering every mode uses, so results never depend on catalog order. */
export function byScoreThenName(a: Scored, b: Scored): number {
  return b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}
