/** Minimal `--flag value` parsing for the bench scripts; unknown flags are errors, not silently ignored. */
export function parseArgs(argv: string[], known: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--") continue;
    if (!arg.startsWith("--"))
      throw new Error(`unexpected argument "${arg}" (flags: ${known.map((k) => `--${k}`).join(", ")})`);
    const eq = arg.indexOf("=");
    const key = eq >= 0 ? arg.slice(2, eq) : arg.slice(2);
    if (!known.includes(key))
      throw new Error(`unknown flag "--${key}" (flags: ${known.map((k) => `--${k}`).join(", ")})`);
    const value = eq >= 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || value.startsWith("--")) throw new Error(`flag "--${key}" needs a value`);
    out[key] = value;
  }
  return out;
}
