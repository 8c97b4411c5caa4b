/**
 * A parser for the regular-expression subset tool_search accepts, producing a tree the linear-time
 * matcher in ./match.ts runs. Supported: literals, `.`, classes `[a-z]` `[^…]`, escapes `\d\w\s\D\W\S\b\B`
 * and escaped punctuation, anchors `^ $`, groups `( )` `(?: )` `(?<name> )`, alternation, and the
 * quantifiers `* + ? {n} {n,} {n,m}` (lazy `?` accepted, meaningless for a yes/no match).
 * Back-references and look-arounds cannot be run in linear time: they are refused, and the caller
 * falls back to a literal search.
 */

export type Node =
  | { t: "char"; accepts: (c: number) => boolean; lit?: string }
  | { t: "seq"; items: Node[] }
  | { t: "alt"; items: Node[] }
  | { t: "rep"; node: Node; min: number; max: number }
  | { t: "assert"; kind: "start" | "end" | "word" | "nonword" }
  | { t: "empty" };

export class RegexSyntaxError extends Error {}

/** Repetition counts above this are refused (they would blow the program up, not the time). */
export const MAX_REPEAT = 100;

const isDigit = (c: number) => c >= 48 && c <= 57;
export const isWordChar = (c: number) => isDigit(c) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
const isSpace = (c: number) =>
  c === 32 ||
  (c >= 9 && c <= 13) ||
  c === 160 ||
  c === 0xfeff ||
  (c >= 0x2000 && c <= 0x200a) ||
  c === 0x2028 ||
  c === 0x2029 ||
  c === 0x3000;
const isLineEnd = (c: number) => c === 10 || c === 13 || c === 0x2028 || c === 0x2029;

/** Case-insensitive: the matcher sees lower-cased text, so a character class also accepts the upper-case form. */
function upper(c: number): number {
  if (c >= 97 && c <= 122) return c - 32;
  if (c < 128) return c;
  return String.fromCharCode(c).toUpperCase().charCodeAt(0);
}
const lower = (ch: string) => ch.toLowerCase().charCodeAt(0);
const caseless = (accepts: (c: number) => boolean) => (c: number) => accepts(c) || accepts(upper(c));

const CLASS_ESCAPES: Record<string, (c: number) => boolean> = {
  d: isDigit,
  D: (c) => !isDigit(c),
  w: isWordChar,
  W: (c) => !isWordChar(c),
  s: isSpace,
  S: (c) => !isSpace(c),
};
const CONTROL_ESCAPES: Record<string, number> = { n: 10, r: 13, t: 9, f: 12, v: 11, "0": 0 };

export function parseRegex(src: string): Node {
  let i = 0;
  const fail = (msg: string): never => {
    throw new RegexSyntaxError(`${msg} at position ${i}`);
  };
  const peek = () => src[i];

  const literal = (code: number): Node => {
    const ch = String.fromCharCode(code);
    const lc = lower(ch);
    return { t: "char", accepts: (c) => c === lc, lit: String.fromCharCode(lc) };
  };

  /** An escape after `\`, as a single-character predicate (inside or outside a class). */
  const escapeTest = (): ((c: number) => boolean) | number => {
    const e = src[i++];
    if (e === undefined) fail("pattern ends with \\");
    if (CLASS_ESCAPES[e!]) return CLASS_ESCAPES[e!]!;
    if (e! in CONTROL_ESCAPES) return CONTROL_ESCAPES[e!]!;
    if (e === "x" || e === "u") {
      const len = e === "x" ? 2 : 4;
      const hex = src.slice(i, i + len);
      if (/^[0-9a-fA-F]+$/.exec(hex) === null || hex.length !== len) fail(`bad \\${e} escape`);
      i += len;
      return parseInt(hex, 16);
    }
    if (/[1-9k]/.exec(e!) !== null) fail("back-references are not supported");
    if (/[pPcu]/.exec(e!) !== null) fail(`\\${e} is not supported`);
    if (/[A-Za-z0-9]/.exec(e!) !== null) fail(`unknown escape \\${e}`);
    return e!.charCodeAt(0);
  };

  const parseClass = (): Node => {
    const negate = peek() === "^";
    if (negate) i++;
    const parts: Array<(c: number) => boolean> = [];
    let first = true;
    while (i < src.length && (src[i] !== "]" || first)) {
      first = false;
      let lo: number | ((c: number) => boolean);
      if (src[i] === "\\") {
        i++;
        lo = escapeTest();
      } else lo = src.charCodeAt(i++);
      if (typeof lo === "number" && src[i] === "-" && src[i + 1] !== undefined && src[i + 1] !== "]") {
        i++;
        let hi: number | ((c: number) => boolean);
        if (src[i] === "\\") {
          i++;
          hi = escapeTest();
        } else hi = src.charCodeAt(i++);
        if (typeof hi !== "number") fail("bad range in class");
        if ((hi as number) < lo) fail("range out of order in class");
        const a = lo;
        const b = hi as number;
        parts.push((c) => c >= a && c <= b);
      } else if (typeof lo === "number") {
        const code = lo;
        parts.push((c) => c === code);
      } else parts.push(lo);
    }
    if (src[i] !== "]") fail("unterminated [");
    i++;
    const any = caseless((c) => parts.some((p) => p(c)));
    return { t: "char", accepts: negate ? (c) => !any(c) : any };
  };

  const parseAtom = (): Node => {
    const ch = src[i]!;
    if (ch === "(") {
      i++;
      if (src.startsWith("?:", i)) i += 2;
      else if (src.startsWith("?<", i) && src[i + 2] !== "=" && src[i + 2] !== "!") {
        const close = src.indexOf(">", i);
        if (close < 0) fail("unterminated group name");
        i = close + 1;
      } else if (src[i] === "?") fail("look-arounds are not supported");
      const inner = parseAlt();
      if (src[i] !== ")") fail("missing )");
      i++;
      return inner;
    }
    i++;
    switch (ch) {
      case "[":
        return parseClass();
      case ".":
        return { t: "char", accepts: (c) => !isLineEnd(c) };
      case "^":
        return { t: "assert", kind: "start" };
      case "$":
        return { t: "assert", kind: "end" };
      case "\\": {
        if (src[i] === "b" || src[i] === "B") return { t: "assert", kind: src[i++] === "b" ? "word" : "nonword" };
        const e = escapeTest();
        return typeof e === "number" ? literal(e) : { t: "char", accepts: caseless(e) };
      }
      case ")":
        return fail("unmatched )");
      case "*":
      case "+":
      case "?":
        return fail(`nothing to repeat before ${ch}`);
      default:
        return literal(ch.charCodeAt(0));
    }
  };

  const parseQuantifier = (atom: Node): Node => {
    let min: number;
    let max: number;
    const ch = src[i];
    if (ch === "*") [min, max] = [0, Infinity];
    else if (ch === "+") [min, max] = [1, Infinity];
    else if (ch === "?") [min, max] = [0, 1];
    else if (ch === "{") {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(src.slice(i));
      if (!m) return atom; // a lone "{" is a literal, as in JavaScript's annex-B syntax
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === "" ? Infinity : Number(m[3]);
      if (max < min) fail("numbers out of order in {}");
      if (min > MAX_REPEAT || (max !== Infinity && max > MAX_REPEAT)) fail(`repeat count above ${MAX_REPEAT}`);
      i += m[0].length - 1;
    } else return atom;
    i++;
    if (src[i] === "?") i++;
    if (atom.t === "assert") fail("nothing to repeat");
    return { t: "rep", node: atom, min, max };
  };

  const parseSeq = (): Node => {
    const items: Node[] = [];
    while (i < src.length && src[i] !== "|" && src[i] !== ")") {
      const atom = parseQuantifier(parseAtom());
      if (atom.t === "rep" && /^([*+?]|\{\d+(,\d*)?\})/.exec(src.slice(i)) !== null) fail("nothing to repeat");
      items.push(atom);
    }
    return items.length === 1 ? items[0]! : { t: "seq", items };
  };

  const parseAlt = (): Node => {
    const items = [parseSeq()];
    while (src[i] === "|") {
      i++;
      items.push(parseSeq());
    }
    return items.length === 1 ? items[0]! : { t: "alt", items };
  };

  const node = parseAlt();
  if (i < src.length) fail("unmatched )");
  return node;
}
