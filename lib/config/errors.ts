/** A configuration problem, already phrased for a person: "file:line: field.path: problem". */
export class ConfigError extends Error {
  constructor(
    message: string,
    readonly file: string,
    readonly field?: string,
    readonly line?: number,
  ) {
    super(message);
    this.name = "ConfigError";
  }

  static at(file: string, field: string | undefined, problem: string, line?: number): ConfigError {
    const where = [file + (line ? `:${line}` : ""), field].filter(Boolean).join(": ");
    return new ConfigError(`${where}: ${problem}`, file, field, line);
  }
}

/** Render a path like ["models", 0, "base_url"] as "models[0].base_url". */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}
