import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "./errors";
import { dataDirOf, parseAppConfig, parseExtensionsConfig, resolveConfigPaths } from "./load";
import { ConfigStore } from "./store";

const MIN = "models:\n  - name: demo\n    model: demo\n";

function errorOf(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ConfigError) return e;
    throw e;
  }
  throw new Error("expected a ConfigError");
}

describe("parseAppConfig", () => {
  it("gives the line of each tool's and model's use, for the errors of loading them", () => {
    const text = `${MIN}tools:\n  - name: ls\n    use: "@/lib/sandbox:ls_tool"\n  - use: ./t.mjs:t\n    name: t\n`;
    const { useLines } = parseAppConfig(text, "config.yaml", {});
    expect(useLines.tools).toEqual([6, 7]);
    // The model's use is not written (its default): its line is the entry's.
    expect(useLines.models).toHaveLength(1);
    const written = parseAppConfig(`${MIN}    use: "@langchain/openai:ChatOpenAI"\n`, "config.yaml", {}).useLines;
    expect(written.models).toEqual([4]);
  });

  it("fills defaults", () => {
    const { app } = parseAppConfig(MIN, "config.yaml", {});
    expect(app.tool_search).toEqual({
      enabled: true,
      max_results: 5,
      listing: "auto",
      listing_max_tokens: 1500,
      promoted_budget_tokens: 8000,
      promoted_max_tools: null,
      min_relative_score: 0.7,
      auto_threshold: 0,
      prefetch: { enabled: false, k: 1, min_score: 10 },
      binding: "bind",
    });
    expect(app.mcp).toEqual({ idle_timeout: 300 });
    expect(app.checkpointer.path).toBe(".fawn/threads.sqlite");
    expect(app.models[0].use).toBe("@langchain/openai:ChatOpenAI");
  });

  it("names file, line and field of a wrong type", () => {
    const e = errorOf(() => parseAppConfig(`${MIN}tool_search:\n  enabled: yes please\n`, "config.yaml", {}));
    expect(e.message).toMatch(/^config\.yaml:5: tool_search\.enabled: /);
    expect(e.field).toBe("tool_search.enabled");
  });

  it("rejects unknown keys by name", () => {
    const e = errorOf(() => parseAppConfig(`${MIN}    temprature: 0.2\n`, "c.yaml", {}));
    expect(e.message).toBe('c.yaml:4: models[0].temprature: unknown key (did you mean "temperature"?)');
  });

  it("reports malformed YAML with a line", () => {
    const e = errorOf(() => parseAppConfig("models:\n  - name: [unclosed\n", "c.yaml", {}));
    expect(e.message).toMatch(/^c\.yaml:\d+: invalid YAML/);
  });

  it("an unset variable is an error naming the field", () => {
    const e = errorOf(() => parseAppConfig(`${MIN}    base_url: \${BASE}\n`, "c.yaml", {}));
    expect(e.message).toBe("c.yaml:4: models[0].base_url: uses $BASE, which is not set in the environment");
  });

  it("an unset api_key variable leaves the model without a key instead of failing", () => {
    const r = parseAppConfig(`${MIN}    api_key: $OPENAI_API_KEY\n`, "c.yaml", {});
    expect(r.app.models[0].api_key).toBeUndefined();
    expect(r.modelsMissingKey).toEqual(["demo"]);
    expect(parseAppConfig(`${MIN}    api_key: $K\n`, "c.yaml", { K: "sk-x" }).app.models[0].api_key).toBe("sk-x");
  });

  it("a required field missing is reported", () => {
    const e = errorOf(() => parseAppConfig("models:\n  - name: x\n", "c.yaml", {}));
    expect(e.message).toMatch(/models\[0\]\.model: is required/);
  });
});

describe("tool_search listing, budget and auto threshold", () => {
  it("reads each key, and a partial section keeps the other defaults", () => {
    const yaml = `${MIN}tool_search:\n  listing: servers\n  promoted_budget_tokens: null\n  auto_threshold: "10%"\n`;
    const { app } = parseAppConfig(yaml, "config.yaml", {});
    expect(app.tool_search).toMatchObject({
      listing: "servers",
      promoted_budget_tokens: null,
      auto_threshold: "10%",
      min_relative_score: 0.7,
    });
  });
  it("names the field of a bad value", () => {
    const listing = errorOf(() => parseAppConfig(`${MIN}tool_search:\n  listing: tree\n`, "config.yaml", {}));
    expect(listing.field).toBe("tool_search.listing");
    const pct = errorOf(() => parseAppConfig(`${MIN}tool_search:\n  auto_threshold: lots\n`, "config.yaml", {}));
    expect(pct.field).toBe("tool_search.auto_threshold");
    const score = errorOf(() => parseAppConfig(`${MIN}tool_search:\n  min_relative_score: 2\n`, "config.yaml", {}));
    expect(score.message).toMatch(/^config\.yaml:5: tool_search\.min_relative_score: /);
  });
});

describe("tool_search.techniques", () => {
  it("is unset by default; each technique is an optional switch, the others left unset", () => {
    expect(parseAppConfig(MIN, "config.yaml", {}).app.tool_search.techniques).toBeUndefined();
    const yaml = `${MIN}tool_search:\n  techniques:\n    clauses: true\n    lexicon: false\n`;
    expect(parseAppConfig(yaml, "config.yaml", {}).app.tool_search.techniques).toEqual({
      clauses: true,
      lexicon: false,
    });
  });
  it("names an unknown technique and a value that is not a boolean", () => {
    const unknown = errorOf(() =>
      parseAppConfig(`${MIN}tool_search:\n  techniques:\n    synonyms: true\n`, "config.yaml", {}),
    );
    expect(unknown.message).toMatch(
      /^config\.yaml:6: tool_search\.techniques\.synonyms: unknown key \(known keys: lexicon, feedback, .*redirects\)$/,
    );
    const value = errorOf(() =>
      parseAppConfig(`${MIN}tool_search:\n  techniques:\n    clauses: sometimes\n`, "config.yaml", {}),
    );
    expect(value.message).toMatch(/^config\.yaml:6: tool_search\.techniques\.clauses: /);
    // The newest switch, mentions, is read the same way: a boolean, or an error at its line.
    const on = `${MIN}tool_search:\n  techniques:\n    mentions: true\n`;
    expect(parseAppConfig(on, "config.yaml", {}).app.tool_search.techniques).toEqual({ mentions: true });
    const mentions = errorOf(() =>
      parseAppConfig(`${MIN}tool_search:\n  techniques:\n    mentions: "yes"\n`, "config.yaml", {}),
    );
    expect(mentions.message).toMatch(/^config\.yaml:6: tool_search\.techniques\.mentions: /);
    // And the learned word vectors' switch.
    const vectorsOn = `${MIN}tool_search:\n  techniques:\n    vectors: true\n`;
    expect(parseAppConfig(vectorsOn, "config.yaml", {}).app.tool_search.techniques).toEqual({ vectors: true });
    const vectors = errorOf(() =>
      parseAppConfig(`${MIN}tool_search:\n  techniques:\n    vectors: 0\n`, "config.yaml", {}),
    );
    expect(vectors.message).toMatch(/^config\.yaml:6: tool_search\.techniques\.vectors: /);
    // And name-word neighbours'.
    const neighboursOff = `${MIN}tool_search:\n  techniques:\n    neighbours: false\n`;
    expect(parseAppConfig(neighboursOff, "config.yaml", {}).app.tool_search.techniques).toEqual({ neighbours: false });
    const neighbours = errorOf(() =>
      parseAppConfig(`${MIN}tool_search:\n  techniques:\n    neighbours: [1]\n`, "config.yaml", {}),
    );
    expect(neighbours.message).toMatch(/^config\.yaml:6: tool_search\.techniques\.neighbours: /);
    // And the Chinese–English dictionary's.
    const cedictOn = `${MIN}tool_search:\n  techniques:\n    cedict: true\n`;
    expect(parseAppConfig(cedictOn, "config.yaml", {}).app.tool_search.techniques).toEqual({ cedict: true });
    const cedict = errorOf(() =>
      parseAppConfig(`${MIN}tool_search:\n  techniques:\n    cedict: "zh"\n`, "config.yaml", {}),
    );
    expect(cedict.message).toMatch(/^config\.yaml:6: tool_search\.techniques\.cedict: /);
    // And the switch for translated requests read by the learned models.
    const translated = errorOf(() =>
      parseAppConfig(`${MIN}tool_search:\n  techniques:\n    translated: yes please\n`, "config.yaml", {}),
    );
    expect(translated.message).toMatch(/^config\.yaml:6: tool_search\.techniques\.translated: /);
    const katakana = errorOf(() =>
      parseAppConfig(`${MIN}tool_search:\n  techniques:\n    katakana: [on]\n`, "config.yaml", {}),
    );
    expect(katakana.message).toMatch(/^config\.yaml:6: tool_search\.techniques\.katakana: /);
  });
});

describe("parseExtensionsConfig", () => {
  const ext = (servers: unknown) => JSON.stringify({ mcpServers: servers }, null, 2);
  it("accepts transport as an alias and defaults the rest", () => {
    const [s] = parseExtensionsConfig(ext({ a: { transport: "streamable_http", url: "http://x/mcp" } }), "e.json", {});
    expect(s.transport).toBe("http");
    expect(s.config.tool_name_prefix).toBe(true);
    expect(s.config.session_init_timeout).toBe(30);
    expect(s.config.defer).toBe("auto");
    expect(s.config.tools).toEqual({});
  });
  it("reads defer policies per server and per tool, and names a bad one", () => {
    const [s] = parseExtensionsConfig(
      ext({ wb: { command: "node", defer: "always", tools: { now: { defer: "never" } } } }),
      "e.json",
      {},
    );
    expect(s.config.defer).toBe("always");
    expect(s.config.tools).toEqual({ now: { defer: "never" } });
    const bad = errorOf(() =>
      parseExtensionsConfig(ext({ wb: { command: "node", tools: { now: { defer: "soon" } } } }), "e.json", {}),
    );
    expect(bad.field).toBe("mcpServers.wb.tools.now.defer");
  });
  it("an unset variable marks only that server failed", () => {
    const servers = parseExtensionsConfig(
      ext({ gh: { command: "node", env: { GITHUB_TOKEN: "$GITHUB_TOKEN" } }, ok: { command: "node" } }),
      "e.json",
      {},
    );
    expect(servers[0].error).toBe("mcpServers.gh.env.GITHUB_TOKEN: $GITHUB_TOKEN is not set in the environment");
    expect(servers[1].error).toBeUndefined();
  });
  it("names the server and field of a bad entry, with its line", () => {
    const e = errorOf(() => parseExtensionsConfig(ext({ a: { command: "node", args: "x" } }), "e.json", {}));
    expect(e.message).toMatch(/^e\.json:5: mcpServers\.a\.args: /);
  });
  it("a stdio server without a command is refused", () => {
    const e = errorOf(() => parseExtensionsConfig(ext({ a: { type: "stdio" } }), "e.json", {}));
    expect(e.message).toContain("mcpServers.a.command: a stdio server needs a command");
  });
  it("reports malformed JSON with a line", () => {
    const e = errorOf(() => parseExtensionsConfig('{\n  "mcpServers": {,}\n}', "e.json", {}));
    expect(e.message).toMatch(/^e\.json:2: invalid JSON/);
  });
});

describe("ConfigStore", () => {
  it("reloads on change and keeps the last good config after a broken edit", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fawn-cfg-"));
    const file = path.join(dir, "config.yaml");
    fs.writeFileSync(file, MIN);
    const store = new ConfigStore(resolveConfigPaths({ config: file }, {}), {});
    const first = store.get();
    expect(store.get()).toBe(first);

    fs.writeFileSync(file, `${MIN}tool_search:\n  max_results: 3\n`);
    const second = store.get();
    expect(second.app.tool_search.max_results).toBe(3);
    expect(second.fingerprint).not.toBe(first.fingerprint);

    fs.writeFileSync(file, `${MIN}tool_search:\n  max_results: many\n`);
    expect(store.get()).toBe(second);
    expect(store.lastError?.message).toMatch(/tool_search\.max_results/);

    fs.writeFileSync(file, MIN + "# fixed\n");
    expect(store.get().app.tool_search.max_results).toBe(5);
    expect(store.lastError).toBeNull();
  });

  it("a missing config.yaml is a clear error", () => {
    const store = new ConfigStore(resolveConfigPaths({ config: "/nonexistent/config.yaml" }, {}), {});
    expect(() => store.get()).toThrow("/nonexistent/config.yaml: file not found");
  });
});

describe("dataDirOf", () => {
  it("is FAWN_DATA_DIR (relative to config.yaml's folder), else .fawn beside config.yaml", () => {
    expect(dataDirOf("/srv/fawn", {})).toBe("/srv/fawn/.fawn");
    expect(dataDirOf("/srv/fawn", { FAWN_DATA_DIR: "" })).toBe("/srv/fawn/.fawn");
    expect(dataDirOf("/srv/fawn", { FAWN_DATA_DIR: "state" })).toBe("/srv/fawn/state");
    expect(dataDirOf("/srv/fawn", { FAWN_DATA_DIR: "/shared/fawn" })).toBe("/shared/fawn");
  });
});
