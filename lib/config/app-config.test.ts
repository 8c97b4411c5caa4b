import { describe, expect, it } from "vitest";
import { ConfigError } from "./errors";
import { parseAppConfig } from "./load";

const MIN = "models:\n  - name: demo\n    model: demo\n";
const parse = (yaml: string, env: Record<string, string> = {}) => parseAppConfig(MIN + yaml, "config.yaml", env).app;

function problem(yaml: string, env: Record<string, string> = {}): string {
  try {
    parse(yaml, env);
  } catch (e) {
    if (e instanceof ConfigError) return e.message;
    throw e;
  }
  throw new Error("expected a ConfigError");
}

describe("checkpointer", () => {
  it("is SQLite by default, also when the block has no type (as configs written before PostgreSQL)", () => {
    expect(parse("").checkpointer).toEqual({ type: "sqlite", path: ".fawn/threads.sqlite" });
    expect(parse("checkpointer:\n  path: t.sqlite\n").checkpointer).toEqual({ type: "sqlite", path: "t.sqlite" });
  });

  it("postgres: the URL from the environment, defaults for the rest", () => {
    const cfg = parse("checkpointer:\n  type: postgres\n  url: $DATABASE_URL\n", {
      DATABASE_URL: "postgres://fawn:pw@db:5432/fawn",
    }).checkpointer;
    expect(cfg).toEqual({
      type: "postgres",
      url: "postgres://fawn:pw@db:5432/fawn",
      pool_size: 10,
      schema: "public",
      run_retention_s: 900,
      max_run_events: 10_000,
      max_run_events_mb: 16,
    });
  });

  it("names file, line and field of what is wrong", () => {
    expect(problem("checkpointer:\n  type: postgres\n  url: $DATABASE_URL\n")).toBe(
      "config.yaml:6: checkpointer.url: uses $DATABASE_URL, which is not set in the environment",
    );
    expect(problem("checkpointer:\n  type: postgres\n")).toBe("config.yaml:5: checkpointer.url: is required");
    expect(problem("checkpointer:\n  type: postgres\n  url: mysql://x/y\n")).toMatch(
      /^config\.yaml:6: checkpointer\.url: must be a PostgreSQL URL/,
    );
    expect(problem("checkpointer:\n  type: postgres\n  url: postgres://h/d\n  pool_size: 1\n")).toMatch(
      /^config\.yaml:7: checkpointer\.pool_size: /,
    );
    expect(problem("checkpointer:\n  type: postgres\n  url: postgres://h/d\n  schema: Fawn-1\n")).toMatch(
      /^config\.yaml:7: checkpointer\.schema: must be a lower-case SQL name/,
    );
    expect(problem("checkpointer:\n  type: postgres\n  url: postgres://h/d\n  path: x.sqlite\n")).toMatch(
      /^config\.yaml:7: checkpointer\.path: is for `type: sqlite` only/,
    );
    expect(problem("checkpointer:\n  url: postgres://h/d\n")).toMatch(
      /^config\.yaml:5: checkpointer\.url: is for `type: postgres` only/,
    );
    expect(problem("checkpointer:\n  type: mysql\n")).toMatch(/^config\.yaml:5: checkpointer\.type: /);
  });
});

describe("tools", () => {
  it("a misspelt approval is refused, not passed to the tool as a setting of its own", () => {
    const tool = 'tools:\n  - name: bash\n    use: "@/lib/sandbox:bash_tool"\n';
    expect(problem(`${tool}    aproval: always\n`)).toBe(
      'config.yaml:7: tools[0].aproval: unknown key (did you mean "approval"?); as written it would be passed to the tool as a setting of its own',
    );
    // The tool's own settings are its own, even one named like an entry key ("groups").
    expect(parse(`${tool}    timeout_s: 30\n    groups: [a]\n    approval: always\n`).tools[0]).toMatchObject({
      timeout_s: 30,
      groups: ["a"],
      approval: "always",
    });
  });

  it("a use without its export says what to write and what was written", () => {
    expect(problem("tools:\n  - name: t\n    use: ./tools/weather.mjs\n")).toBe(
      'config.yaml:6: tools[0].use: must be "module:export", e.g. "@/lib/sandbox:ls_tool" or "./tools/weather.mjs:weather" (got "./tools/weather.mjs")',
    );
  });
});
