// A small arithmetic evaluator (no eval, no Function): tokenizer + recursive descent.
// Grammar, lowest precedence first:
//   sum     := product (('+' | '-') product)*
//   product := unary (('*' | '/' | '%') unary)*
//   unary   := ('-' | '+') unary | power
//   power   := postfix (('^' | '**') unary)?        right-associative, so -2^2 = -4
//   postfix := primary '!'*
//   primary := number | constant | name '(' args ')' | '(' sum ')'

export class ExpressionError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(`${message} at position ${position}`);
    this.name = "ExpressionError";
  }
}

export const MAX_EXPRESSION_LENGTH = 1000;
const MAX_DEPTH = 64;

type Token =
  | { kind: "num"; value: number; pos: number }
  | { kind: "name"; value: string; pos: number }
  | { kind: "op"; value: string; pos: number }
  | { kind: "end"; pos: number };

const CONSTANTS: Record<string, number> = { pi: Math.PI, e: Math.E, tau: 2 * Math.PI };

type Fn = { arity: [number, number]; apply: (args: number[]) => number };
const unary = (f: (x: number) => number): Fn => ({ arity: [1, 1], apply: (a) => f(a[0]) });
const FUNCTIONS: Record<string, Fn> = {
  sqrt: unary(Math.sqrt),
  cbrt: unary(Math.cbrt),
  abs: unary(Math.abs),
  sign: unary(Math.sign),
  floor: unary(Math.floor),
  ceil: unary(Math.ceil),
  trunc: unary(Math.trunc),
  exp: unary(Math.exp),
  ln: unary(Math.log),
  log2: unary(Math.log2),
  log10: unary(Math.log10),
  sin: unary(Math.sin),
  cos: unary(Math.cos),
  tan: unary(Math.tan),
  asin: unary(Math.asin),
  acos: unary(Math.acos),
  atan: unary(Math.atan),
  sinh: unary(Math.sinh),
  cosh: unary(Math.cosh),
  tanh: unary(Math.tanh),
  deg: unary((r) => (r * 180) / Math.PI),
  rad: unary((d) => (d * Math.PI) / 180),
  // log(x) is base 10; log(x, b) takes an explicit base.
  log: { arity: [1, 2], apply: ([x, b]) => (b === undefined ? Math.log10(x) : Math.log(x) / Math.log(b)) },
  round: { arity: [1, 2], apply: ([x, d = 0]) => Math.round(x * 10 ** d) / 10 ** d },
  pow: { arity: [2, 2], apply: ([x, y]) => x ** y },
  atan2: { arity: [2, 2], apply: ([y, x]) => Math.atan2(y, x) },
  hypot: { arity: [1, 64], apply: (a) => Math.hypot(...a) },
  min: { arity: [1, 64], apply: (a) => Math.min(...a) },
  max: { arity: [1, 64], apply: (a) => Math.max(...a) },
};

export const KNOWN_FUNCTIONS = Object.keys(FUNCTIONS).sort();
export const KNOWN_CONSTANTS = Object.keys(CONSTANTS);

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const num = /^(?:\d[\d_]*(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/.exec(src.slice(i));
    if (num) {
      tokens.push({ kind: "num", value: Number(num[0].replaceAll("_", "")), pos: i });
      i += num[0].length;
      continue;
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i));
    if (name) {
      tokens.push({ kind: "name", value: name[0].toLowerCase(), pos: i });
      i += name[0].length;
      continue;
    }
    if (src.startsWith("**", i)) {
      tokens.push({ kind: "op", value: "^", pos: i });
      i += 2;
      continue;
    }
    const op = c === "×" ? "*" : c === "÷" ? "/" : c === "−" ? "-" : c;
    if ("+-*/%^!(),".includes(op)) {
      tokens.push({ kind: "op", value: op, pos: i });
      i++;
      continue;
    }
    throw new ExpressionError(`Unexpected character '${c}'`, i);
  }
  tokens.push({ kind: "end", pos: src.length });
  return tokens;
}

function factorial(n: number, pos: number): number {
  if (!Number.isInteger(n) || n < 0) throw new ExpressionError(`Factorial needs a non-negative integer, got ${n}`, pos);
  if (n > 170) throw new ExpressionError(`Factorial of ${n} overflows`, pos);
  let r = 1;
  for (let k = 2; k <= n; k++) r *= k;
  return r;
}

class Parser {
  private i = 0;
  private depth = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): number {
    const value = this.sum();
    const t = this.peek();
    if (t.kind !== "end") throw new ExpressionError(`Unexpected '${describe(t)}'`, t.pos);
    return value;
  }

  private peek(): Token {
    return this.tokens[this.i];
  }
  private isOp(value: string): boolean {
    const t = this.peek();
    return t.kind === "op" && t.value === value;
  }
  private expectOp(value: string): void {
    const t = this.peek();
    if (!this.isOp(value)) throw new ExpressionError(`Expected '${value}' but found '${describe(t)}'`, t.pos);
    this.i++;
  }

  private sum(): number {
    let left = this.product();
    while (this.isOp("+") || this.isOp("-")) {
      const op = (this.tokens[this.i++] as { value: string }).value;
      const right = this.product();
      left = op === "+" ? left + right : left - right;
    }
    return left;
  }

  private product(): number {
    let left = this.unary();
    while (this.isOp("*") || this.isOp("/") || this.isOp("%")) {
      const t = this.tokens[this.i++] as { value: string; pos: number };
      const right = this.unary();
      if (t.value !== "*" && right === 0) throw new ExpressionError("Division by zero", t.pos);
      left = t.value === "*" ? left * right : t.value === "/" ? left / right : left % right;
    }
    return left;
  }

  private unary(): number {
    if (++this.depth > MAX_DEPTH) throw new ExpressionError("Expression nests too deeply", this.peek().pos);
    try {
      if (this.isOp("-")) {
        this.i++;
        return -this.unary();
      }
      if (this.isOp("+")) {
        this.i++;
        return this.unary();
      }
      const base = this.postfix();
      if (this.isOp("^")) {
        this.i++;
        return base ** this.unary();
      }
      return base;
    } finally {
      this.depth--;
    }
  }

  private postfix(): number {
    let value = this.primary();
    while (this.isOp("!")) value = factorial(value, this.tokens[this.i++].pos);
    return value;
  }

  private primary(): number {
    const t = this.tokens[this.i++];
    if (t.kind === "num") return t.value;
    if (t.kind === "op" && t.value === "(") {
      const value = this.sum();
      this.expectOp(")");
      return value;
    }
    if (t.kind === "name") {
      if (this.isOp("(")) return this.call(t.value, t.pos);
      if (t.value in CONSTANTS) return CONSTANTS[t.value];
      if (t.value in FUNCTIONS) throw new ExpressionError(`Function '${t.value}' needs parentheses`, t.pos);
      throw new ExpressionError(`Unknown name '${t.value}' (constants: ${KNOWN_CONSTANTS.join(", ")})`, t.pos);
    }
    throw new ExpressionError(t.kind === "end" ? "Unexpected end of expression" : `Unexpected '${describe(t)}'`, t.pos);
  }

  private call(name: string, pos: number): number {
    const fn = FUNCTIONS[name];
    if (!fn) throw new ExpressionError(`Unknown function '${name}' (known: ${KNOWN_FUNCTIONS.join(", ")})`, pos);
    this.expectOp("(");
    const args: number[] = [];
    if (!this.isOp(")")) {
      args.push(this.sum());
      while (this.isOp(",")) {
        this.i++;
        args.push(this.sum());
      }
    }
    this.expectOp(")");
    const [lo, hi] = fn.arity;
    if (args.length < lo || args.length > hi) {
      const want = lo === hi ? `${lo}` : `${lo} to ${hi}`;
      throw new ExpressionError(`Function '${name}' takes ${want} argument(s), got ${args.length}`, pos);
    }
    return fn.apply(args);
  }
}

function describe(t: Token): string {
  return t.kind === "end" ? "end of expression" : String(t.value);
}

/** Evaluate an arithmetic expression; throws ExpressionError with a position on bad input. */
export function evaluate(expression: string): number {
  if (expression.trim() === "") throw new ExpressionError("Expression is empty", 0);
  if (expression.length > MAX_EXPRESSION_LENGTH) {
    throw new ExpressionError(`Expression is longer than ${MAX_EXPRESSION_LENGTH} characters`, MAX_EXPRESSION_LENGTH);
  }
  const value = new Parser(tokenize(expression)).parse();
  if (!Number.isFinite(value)) throw new ExpressionError(`Result is not a finite number (${value})`, 0);
  return value;
}

/** Trim binary floating-point noise (0.1 + 0.2 → 0.3) for display. */
export function tidy(value: number, significantDigits = 15): number {
  return Number(value.toPrecision(significantDigits));
}
