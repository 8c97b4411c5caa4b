import { isWordChar, type Node, parseRegex } from "./parse";

/**
 * Linear-time regular-expression matching (Thompson's construction, simulated breadth-first): the cost is
 * at most pattern size × text length, whatever the pattern, so `(a+)+$` or `.*.*.*x` cannot backtrack
 * catastrophically as they do in V8's backtracking engine. A required-literal prefilter (plain `indexOf`)
 * skips most documents before the automaton runs.
 */

const enum Op {
  Char,
  Split,
  Jmp,
  Assert,
  Match,
}

/** Programs larger than this are refused (a pattern of 500 characters with bounded repeats stays far below). */
export const MAX_PROGRAM = 4000;

interface Program {
  op: Op[];
  a: number[];
  b: number[];
  test: Array<((c: number) => boolean) | null>;
  assert: Array<Extract<Node, { t: "assert" }>["kind"] | null>;
}

function compile(root: Node): Program {
  const p: Program = { op: [], a: [], b: [], test: [], assert: [] };
  const emit = (op: Op, a = 0, b = 0, test: Program["test"][number] = null, assert: Program["assert"][number] = null) => {
    if (p.op.length >= MAX_PROGRAM) throw new RangeError(`pattern compiles to more than ${MAX_PROGRAM} steps`);
    p.op.push(op);
    p.a.push(a);
    p.b.push(b);
    p.test.push(test);
    p.assert.push(assert);
    return p.op.length - 1;
  };
  const gen = (n: Node): void => {
    switch (n.t) {
      case "char":
        emit(Op.Char, 0, 0, n.test);
        return;
      case "assert":
        emit(Op.Assert, 0, 0, null, n.kind);
        return;
      case "empty":
        return;
      case "seq":
        n.items.forEach(gen);
        return;
      case "alt": {
        const jumps: number[] = [];
        n.items.forEach((item, k) => {
          if (k < n.items.length - 1) {
            const split = emit(Op.Split);
            p.a[split] = split + 1;
            gen(item);
            jumps.push(emit(Op.Jmp));
            p.b[split] = p.op.length;
          } else gen(item);
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

/** Literal strings a matching text must contain: every inner list is "one of these". */
function requiredLiterals(n: Node): string[][] {
  switch (n.t) {
    case "char":
      return n.lit ? [[n.lit]] : [];
    case "rep":
      return n.min > 0 ? requiredLiterals(n.node) : [];
    case "alt": {
      const picks: string[] = [];
      for (const item of n.items) {
        const clauses = requiredLiterals(item);
        if (clauses.length === 0) return [];
        const best = clauses.reduce((x, y) => (y.length < x.length || (y.length === x.length && y[0]!.length > x[0]!.length) ? y : x));
        picks.push(...best);
      }
      return [picks];
    }
    case "seq": {
      const out: string[][] = [];
      let run = "";
      for (const item of n.items) {
        if (item.t === "char" && item.lit) {
          run += item.lit;
          continue;
        }
        if (run) out.push([run]);
        run = "";
        out.push(...requiredLiterals(item));
      }
      if (run) out.push([run]);
      return out;
    }
    default:
      return [];
  }
}

/** Shared across the documents of one search, so one hostile pattern costs a bounded amount in total. */
export interface StepBudget {
  left: number;
}

export class SafeRegex {
  private readonly prog: Program;
  private readonly filters: string[][];
  private readonly mark: Int32Array;
  private readonly clist: Int32Array;
  private readonly nlist: Int32Array;
  private readonly stack: Int32Array;
  private gen = 0;

  /** Throws RegexSyntaxError / RangeError for what it cannot run; the caller falls back to a literal search. */
  constructor(readonly source: string) {
    const tree = parseRegex(source);
    this.prog = compile(tree);
    this.filters = requiredLiterals(tree).filter((c) => c.every((s) => s.length > 0));
    const n = this.prog.op.length;
    this.mark = new Int32Array(n);
    this.clist = new Int32Array(n);
    this.nlist = new Int32Array(n);
    this.stack = new Int32Array(n * 2 + 2);
  }

  /** `text` must already be lower-cased. Returns false (not a match) once the budget is spent. */
  test(text: string, budget: StepBudget): boolean {
    for (const clause of this.filters) if (!clause.some((s) => text.includes(s))) return false;
    const { op, a, b, test, assert } = this.prog;
    const { mark, stack } = this;
    let clist = this.clist;
    let nlist = this.nlist;
    let ccount = 0;
    let ncount = 0;
    const len = text.length;

    /** Follow jumps, splits and assertions from `start` at position `pos`; add the threads that consume or match. */
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
            const ok = k === "start" ? pos === 0 : k === "end" ? pos === len : k === "word" ? before !== after : before === after;
            if (ok) stack[sp++] = pc + 1;
            break;
          }
          default:
            list[count++] = pc;
        }
      }
      return count;
    };

    if (this.gen > 1 << 30) {
      mark.fill(0);
      this.gen = 0;
    }
    this.gen++;
    for (let pos = 0; ; pos++) {
      // Unanchored search: a fresh thread may start at every position.
      ccount = add(clist, ccount, 0, pos);
      for (let k = 0; k < ccount; k++) if (op[clist[k]!] === Op.Match) return true;
      if (pos >= len || budget.left <= 0) return false;
      const c = text.charCodeAt(pos);
      this.gen++;
      ncount = 0;
      for (let k = 0; k < ccount; k++) {
        const pc = clist[k]!;
        if (op[pc] === Op.Char && test[pc]!(c)) ncount = add(nlist, ncount, pc + 1, pos + 1);
      }
      budget.left -= ccount;
      [clist, nlist] = [nlist, clist];
      ccount = ncount;
    }
  }
}
