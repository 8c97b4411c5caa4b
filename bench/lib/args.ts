/**
 * Minimal `--flag value` parsing for the bench scripts; unknown flags are errors, not silently ignored.
 * A flag named in `repeatable` may be given several times: its values are kept in order in `lists`
 * (and the last one in `flags`); any other flag given twice is an error.
 */
export function parseFlags(
  argv: string[],
  known: readonly string[],
  repeatable: readonly string[] = [],
): { flags: Record<string, string>; lists: Record<string, string[]> } {
  const flags: Record<string, string> = {};
  const lists: Record<string, string[]> = {};
  const names = known.map((k) => `--${k}`).join(", ");
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--") continue;
    if (!arg.startsWith("--")) throw new Error(`unexpected argument "${arg}" (flags: ${names})`);
    const eq = arg.indexOf("=");
    const key = eq >= 0 ? arg.slice(2, eq) : arg.slice(2);
    if (!known.includes(key)) throw new Error(`unknown flag "--${key}" (flags: ${names})`);
    const value = eq >= 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || value.startsWith("--")) throw new Error(`flag "--${key}" needs a value`);
    if (key in flags && !repeatable.includes(key)) throw new Error(`flag "--${key}" is given twice`);
    flags[key] = value;
    lists[key] = [...(lists[key] ?? []), value];
  }
  return { flags, lists };
}

/**
 * A flag that is `true` or `false` (false when not given); any other value is an error naming the flag, so a typo
 * does not quietly run without it.
 */
export function booleanFlag(flags: Readonly<Record<string, string>>, name: string): boolean {
  const value = flags[name];
  if (value !== undefined && value !== "true" && value !== "false")
    throw new Error(`--${name}: "${value}" is not true or false`);
  return value === "true";
}

/**
 * A number flag (`fallback` when not given): a finite number of at least `min`, and whole when `whole`; any other
 * value is an error naming the flag.
 */
export function numberFlag(
  flags: Readonly<Record<string, string>>,
  name: string,
  fallback: number,
  { min = -Infinity, whole = false }: { min?: number; whole?: boolean } = {},
): number {
  const text = flags[name];
  if (text === undefined) return fallback;
  const value = Number(text);
  if (text.trim() === "" || !Number.isFinite(value) || value < min || (whole && !Number.isInteger(value)))
    throw new Error(
      `--${name}: "${text}" is not ${whole ? "a whole number" : "a number"}${min > -Infinity ? ` of at least ${min}` : ""}`,
    );
  return value;
}

/** Flags given once each. */
export function parseArgs(argv: string[], known: readonly string[]): Record<string, string> {
  return parseFlags(argv, known).flags;
}
