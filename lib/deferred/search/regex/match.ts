import { backtrackPaths, NATIVE_MAX_PATHS, requiredLiterals } from "./literals";
import { isWordChar, type Node, parseRegex } from "./parse";

/**
 * Linear-time regular-expression matching (Thompson's construction, simulated breadth-first): the cost is
 * at most pattern size × text length, whatever the pattern, so `(a+)+$` or `.*.*.*x` cannot backtrack
 * catastrophically as they do in V8's backtracking engine. A required-literal prefilter (plain `includes`)
 * skips most documents before the automaton runs, and the automaton skips ahead to characters that can
 * start a match.
 */

enum Op {
  /** One code unit equal to a[pc] (literals: no function call in the hot loop). */
  Lit,
  Char,
  Split,
  Jmp,
  Assert,
  Match,
}

/** Programs larger than this are refused (a pattern of 500 characters with bounded repeats stays far below). */
export const MAX_PROGRAM = 4000;

type AssertKind = Extract<Node, { t: "assert" }>["kind"];

interface Program {
  op: Op[];
  a: number[];
  b: number[];
  accepts: Array<((c: number) => boolean) | null>;
  assert: Array<AssertKind | null>;
}

function compile(root: Node): Program {
  const p: Program = { op: [], a: [], b: [], accepts: [], assert: [] };
  const emit = (op: Op, a = 0, accepts: Program["accepts"][number] = null, assert: AssertKind | null = null) => {
    if (p.op.length >= MAX_PROGRAM) throw new RangeError(`pattern compiles to more than ${MAX_PROGRAM} steps`);
    p.op.push(op);
    p.a.push(a);
    p.b.push(0);
    p.accepts.push(accepts);
    p.assert.push(assert);
    return p.op.length - 1;
  };
  const gen = (n: Node): void => {
    switch (n.t) {
      case "char":
        if (n.lit) emit(Op.Lit, n.lit.charCodeAt(0));
        else emit(Op.Char, 0, n.accepts);
        return;
      case "assert":
        emit(Op.Assert, 0, null, n.kind);
        return;
      case "empty":
        return;
      case "seq":
        n.items.forEach(gen);
        return;
      case "alt": {
        const jumps: number[] = [];
        n.items.forEach((item, k) => {
          if (k === n.items.length - 1) {
            gen(item);
            return;
          }
          const split = emit(Op.Split, 0);
          p.a[split] = split + 1;
          gen(item);
          jumps.push(emit(Op.Jmp));
          p.b[split] = p.op.length;
        });
        for (const j of jumps) p.a[j] = p.op.length;
        return;
      }
      case "rep": {
        for (let k = 0; k < n.min; k++) gen(n.node);
        if (n.max === Infinity) {
          const split = emit(Op.Split);
          p.a[split] = split + 1;
          gen(n.node);
          emit(Op.Jmp, split);
          p.b[split] = p.op.length;
        } else {
          const exits: number[] = [];
          for (let k = n.min; k < n.max; k++) {
            const split = emit(Op.Split);
            p.a[split] = split + 1;
            exits.push(split);
            gen(n.node);
          }
          for (const s of exits) p.b[s] = p.op.length;
        }
        return;
      }
    }
  };
  gen(root);
  emit(Op.Match);
  return p;
}

/**
 * What the first consumed character can be: a table for ASCII plus literals and predicates for the rest; null when
 * the pattern can match the empty string (then every position must be tried anyway).
 */
interface FirstChars {
  ascii: Uint8Array;
  lits: number[];
  preds: Array<(c: number) => boolean>;
}

function firstChars(p: Program): FirstChars | null {
  const seen = new Set<number>();
  const stack = [0];
  const lits: number[] = [];
  const preds: Array<(c: number) => boolean> = [];
  while (stack.length > 0) {
    const pc = stack.pop()!;
    if (seen.has(pc)) continue;
    seen.add(pc);
    switch (p.op[pc]) {
      case Op.Match:
        return null;
      case Op.Lit:
        lits.push(p.a[pc]!);
        break;
      case Op.Char:
        preds.push(p.accepts[pc]!);
        break;
      case Op.Jmp:
        stack.push(p.a[pc]!);
        break;
      case Op.Split:
        stack.push(p.a[pc]!, p.b[pc]!);
        break;
      case Op.Assert:
        // Conservative: assume it holds; this only decides where threads may start.
        stack.push(pc + 1);
        break;
    }
  }
  const ascii = new Uint8Array(128);
  for (let c = 0; c < 128; c++) ascii[c] = lits.includes(c) || preds.some((t) => t(c)) ? 1 : 0;
  return { ascii, lits, preds };
}

/** V8's engine for a pattern this parser accepted; null in the unlikely case V8 reads the syntax differently. */
function nativeOrNull(source: string): RegExp | null {
  try {
    return new RegExp(source, "i");
  } catch {
    return null;
  }
}

/** Shared across the documents of one search, so one hostile pattern costs a bounded amount in total. */
export interface StepBudget {
  left: number;
}

export class SafeRegex {
  private readonly prog: Program;
  /** Literals a match must contain (every clause: one of its strings), lower-cased. */
  readonly filters: string[][];
  private readonly first: FirstChars | null;
  /** Set when the pattern cannot backtrack badly: then V8 runs it, linear in the text times a small constant. */
  private readonly native: RegExp | null;
  private readonly mark: Int32Array;
  private readonly clist: Int32Array;
  private readonly nlist: Int32Array;
  private readonly stack: Int32Array;
  private gen = 0;

  /** Throws RegexSyntaxError / RangeError for what it cannot run; the caller falls back to a literal search. */
  constructor(readonly source: string) {
    const tree = parseRegex(source);
    this.prog = compile(tree);
    this.filters = requiredLiterals(tree).filter((c) => c.length > 0 && c.every((s) => s.length > 0));
    this.first = firstChars(this.prog);
    this.native = backtrackPaths(tree) <= NATIVE_MAX_PATHS ? nativeOrNull(source) : null;
    const n = this.prog.op.length;
    this.mark = new Int32Array(n);
    this.clist = new Int32Array(n);
    this.nlist = new Int32Array(n);
    this.stack = new Int32Array(n * 2 + 2);
  }

  /** Whether the pattern occurs in `text` (already lower-cased). False once the shared budget is spent. */
  matches(text: string, budget: StepBudget): boolean {
    for (const clause of this.filters) if (!clause.some((s) => text.includes(s))) return false;
    if (this.native) {
      budget.left -= text.length >> 4;
      return budget.left > 0 && this.native.exec(text) !== null;
    }
    const { op, a, b, accepts, assert } = this.prog;
    const { mark, stack, first } = this;
    let clist = this.clist;
    let nlist = this.nlist;
    let ccount = 0;
    const len = text.length;
    if (this.gen > 1 << 30) {
      mark.fill(0);
      this.gen = 0;
    }

    /** Follow jumps, splits and assertions from `start` at `pos`; add the threads that consume or match. */
    const add = (list: Int32Array, count: number, start: number, pos: number): number => {
      let sp = 0;
      stack[sp++] = start;
      while (sp > 0) {
        const pc = stack[--sp]!;
        if (mark[pc] === this.gen) continue;
        mark[pc] = this.gen;
        budget.left--;
        switch (op[pc]) {
          case Op.Jmp:
            stack[sp++] = a[pc]!;
            break;
          case Op.Split:
            stack[sp++] = b[pc]!;
            stack[sp++] = a[pc]!;
            break;
          case Op.Assert: {
            const before = pos > 0 && isWordChar(text.charCodeAt(pos - 1));
            const after = pos < len && isWordChar(text.charCodeAt(pos));
            const k = assert[pc];
            const ok =
              k === "start"
                ? pos === 0
                : k === "end"
                  ? pos === len
                  : k === "word"
                    ? before !== after
                    : before === after;
            if (ok) stack[sp++] = pc + 1;
            break;
          }
          default:
            list[count++] = pc;
        }
      }
      return count;
    };

    this.gen++;
    for (let pos = 0; ; pos++) {
      if (ccount === 0 && first !== null) {
        // Nothing in flight: jump to the next character that can start a match.
        while (pos < len) {
          const c = text.charCodeAt(pos);
          if (c < 128 ? first.ascii[c] === 1 : first.lits.includes(c) || first.preds.some((t) => t(c))) break;
          pos++;
        }
        budget.left--;
        if (pos >= len) return false;
      }
      // Unanchored search: a fresh thread may start at every position.
      ccount = add(clist, ccount, 0, pos);
      for (let k = 0; k < ccount; k++) if (op[clist[k]!] === Op.Match) return true;
      if (pos >= len || budget.left <= 0) return false;
      const c = text.charCodeAt(pos);
      this.gen++;
      let ncount = 0;
      for (let k = 0; k < ccount; k++) {
        const pc = clist[k]!;
        const o = op[pc];
        if ((o === Op.Lit && a[pc] === c) || (o === Op.Char && accepts[pc]!(c)))
          ncount = add(nlist, ncount, pc + 1, pos + 1);
      }
      budget.left -= ccount;
      [clist, nlist] = [nlist, clist];
      ccount = ncount;
    }
  }
}
