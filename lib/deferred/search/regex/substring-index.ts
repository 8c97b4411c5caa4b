/**
 * Which documents can contain a literal, without reading them: every maximal run of word characters
 * (a "token", here unstemmed and unsplit) is indexed, and a literal's word pieces must each sit inside one
 * token. A regex search then runs its matcher only on those candidates, so its cost follows the matches,
 * not the size of the catalog.
 */
import { type BuildSteps, runSteps } from "../build-steps";

const isWordCode = (c: number) => (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || c >= 128;

/** Texts between two pauses of a build in steps: a couple of milliseconds' work at most. */
const TEXTS_PER_STEP = 256;

/** Each token with the documents holding it, in first-seen order. */
type TokenLists = Map<string, number[]>;

/** A SubstringIndex's build as steps (../build-steps.ts), pausing every few hundred texts. */
export function* substringIndexSteps(texts: readonly string[]): BuildSteps<SubstringIndex> {
  const lists = yield* tokenListsSteps(texts);
  return new SubstringIndex(texts, lists);
}

function* tokenListsSteps(texts: readonly string[]): BuildSteps<TokenLists> {
  const lists: TokenLists = new Map();
  for (let doc = 0; doc < texts.length; doc++) {
    if (doc > 0 && doc % TEXTS_PER_STEP === 0) yield;
    const text = texts[doc]!;
    let start = -1;
    for (let i = 0; i <= text.length; i++) {
      const c = i < text.length ? text.charCodeAt(i) : 32;
      if (isWordCode(c)) {
        if (start < 0) start = i;
        continue;
      }
      if (start < 0) continue;
      const token = text.slice(start, i);
      start = -1;
      let list = lists.get(token);
      if (!list) {
        list = [];
        lists.set(token, list);
      }
      if (list[list.length - 1] !== doc) list.push(doc);
    }
  }
  return lists;
}

export class SubstringIndex {
  private readonly tokens: string[];
  /** Every token's documents, one list after another: token k's are `docs[starts[k]]` up to `docs[starts[k + 1]]`. */
  private readonly docs: Int32Array;
  private readonly starts: Int32Array;
  readonly size: number;

  /**
   * `texts` must be lower-cased the way the matcher will see them. `lists`: what substringIndexSteps() read from
   * them (read now when not given).
   */
  constructor(texts: readonly string[], lists: TokenLists = runSteps(tokenListsSteps(texts))) {
    this.size = texts.length;
    this.tokens = [...lists.keys()];
    // Two typed arrays rather than one per token: a large catalog has tens of thousands of tokens.
    this.starts = new Int32Array(this.tokens.length + 1);
    let total = 0;
    this.tokens.forEach((t, k) => {
      this.starts[k] = total;
      total += lists.get(t)!.length;
    });
    this.starts[this.tokens.length] = total;
    this.docs = new Int32Array(total);
    this.tokens.forEach((t, k) => {
      this.docs.set(lists.get(t)!, this.starts[k]!);
    });
  }

  /** Token k's documents, sorted. */
  private postings(k: number): Int32Array {
    return this.docs.subarray(this.starts[k]!, this.starts[k + 1]!);
  }

  /** Documents holding a token that contains `piece` (a run of word characters), as a sorted array. */
  private withPiece(piece: string): Int32Array {
    const hits: Int32Array[] = [];
    for (let k = 0; k < this.tokens.length; k++) if (this.tokens[k]!.includes(piece)) hits.push(this.postings(k));
    if (hits.length === 1) return hits[0]!;
    const mark = new Uint8Array(this.size);
    for (const h of hits) for (const d of h) mark[d] = 1;
    const out: number[] = [];
    for (let d = 0; d < this.size; d++) if (mark[d]) out.push(d);
    return Int32Array.from(out);
  }

  /**
   * Candidates for a conjunction of clauses, each "one of these literals": null when no clause narrows
   * the search (a literal with no word characters, or no clause at all), else a membership mask.
   */
  candidates(clauses: readonly string[][]): Uint8Array | null {
    let result: Uint8Array | null = null;
    for (const clause of clauses) {
      const union = new Uint8Array(this.size);
      let narrows = true;
      for (const literal of clause) {
        const pieces = literal.split(/[^a-z0-9\u0080-\uffff]+/).filter(Boolean);
        if (pieces.length === 0) {
          narrows = false;
          break;
        }
        // Every piece must occur: intersect, rarest first.
        const lists = pieces.map((p) => this.withPiece(p)).sort((a, b) => a.length - b.length);
        const inAll = new Uint8Array(this.size);
        for (const d of lists[0]!) inAll[d] = 1;
        for (const l of lists.slice(1)) {
          const here = new Uint8Array(this.size);
          for (const d of l) here[d] = 1;
          for (let d = 0; d < this.size; d++) inAll[d] &= here[d]!;
        }
        for (let d = 0; d < this.size; d++) union[d] |= inAll[d]!;
      }
      if (!narrows) continue;
      if (result === null) result = union;
      else for (let d = 0; d < this.size; d++) result[d] &= union[d]!;
    }
    return result;
  }
}
