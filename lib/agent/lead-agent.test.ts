import fs from "node:fs";
import os from "node:os";
import type { HumanMessage } from "@langchain/core/messages";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createDemoFetch, type FetchLike } from "@/lib/models/demo/fetch";
import { recordingFetch, scriptedFetch } from "@/test/support/model-fetch";
import { messageText } from "@/lib/models/demo/wire";
import { runTurn, type TurnEvent } from "./run-turn";
import { FawnRuntime } from "./runtime";
import { everythingEntry, tempConfig } from "@/test/support/config";
import { REPO_ROOT } from "@/test/support/repo";
import { ALL_TECHNIQUES } from "@/lib/deferred/search/techniques";

const runtimes: FawnRuntime[] = [];
function start(paths: { config: string; extensions: string }, fetch = recordingFetch(createDemoFetch())) {
  const rt = new FawnRuntime({ config: paths.config, extensions: paths.extensions, models: { fetch: fetch.fetch } });
  runtimes.push(rt);
  return { rt, rec: fetch };
}
afterAll(async () => {
  await Promise.all(runtimes.map((r) => r.close()));
});

async function turn(rt: FawnRuntime, message: string, threadId: string): Promise<TurnEvent[]> {
  const events: TurnEvent[] = [];
  const { ok } = await runTurn(await rt.get(), { message, threadId }, (e) => events.push(e));
  expect(ok, JSON.stringify(events.filter((e) => e.type === "error"))).toBe(true);
  return events;
}

const NON_DEFERRED = ["ask_clarification", "present_files", "tool_search"];

describe("lead agent with deferred MCP tools (real ChatOpenAI → demo endpoint, real MCP server)", () => {
  const paths = tempConfig();

  it("binds only non-deferred tools + tool_search first, then the promoted tool", async () => {
    const { rt, rec } = start(paths);
    const events = await turn(rt, 'echo "hello deferred"', "t-1");
    const bound = rec.boundTools();
    expect(bound[0]).toEqual(NON_DEFERRED);
    const system = rec.requests[0].messages[0];
    expect(messageText(system)).toContain("<available-deferred-tools>\neverything_echo\n");
    const promotedAt = bound.findIndex((b) => b.includes("everything_echo"));
    expect(promotedAt).toBeGreaterThan(0);
    const promoted = events.filter((e) => e.type === "promoted").flatMap((e) => (e.type === "promoted" ? e.names : []));
    expect(promoted).toContain("everything_echo");
    expect(promoted.length).toBeLessThanOrEqual(5);
    // Bound after the search: exactly the non-deferred tools plus what tool_search promoted, nothing else.
    expect(bound[promotedAt]).toEqual([...new Set([...NON_DEFERRED, ...promoted])].sort());
    expect(
      bound
        .slice(0, promotedAt)
        .flat()
        .filter((n) => n.startsWith("everything_")),
    ).toEqual([]);
    expect(events.find((e) => e.type === "tool_result" && e.name === "everything_echo")).toMatchObject({
      status: "success",
      content: "Echo: hello deferred",
    });
  });

  it("promotions persist across a new process on the same SQLite file, and never reach another thread", async () => {
    const { rt } = start(paths);
    const runtime = await rt.get();
    const state = await runtime.graph.getState({ configurable: { thread_id: "t-1" } });
    expect((state.values as { promoted: { names: string[] } }).promoted.names).toContain("everything_echo");
    const { rt: rt2, rec } = start(paths);
    await turn(rt2, "hello", "t-1");
    expect(rec.boundTools()[0]).toContain("everything_echo");
    const other = start(paths);
    await turn(other.rt, "hello", "t-other");
    expect(other.rec.boundTools()[0]).toEqual(NON_DEFERRED);
  });

  it("a call to an unpromoted deferred tool is blocked and the tool never runs", async () => {
    const script = recordingFetch(
      scriptedFetch([
        { content: "", toolCalls: [{ name: "everything_get-sum", args: { a: 1, b: 2 } }] },
        { content: "done", toolCalls: [] },
      ]),
    );
    const { rt } = start(paths, script);
    const runtime = await rt.get();
    const target = runtime.built.tools.find((t) => t.tool.name === "everything_get-sum");
    const spy = vi.spyOn(target!.tool, "invoke");
    const events = await turn(rt, "sum please", "t-blocked");
    expect(spy).not.toHaveBeenCalled();
    const result = events.find((e) => e.type === "tool_result");
    expect(result).toMatchObject({ name: "everything_get-sum", status: "error" });
    expect((result as { content: string }).content).toMatch(
      /is deferred and has not been promoted yet\. Call tool_search first/,
    );
  });

  it("a changed catalog hash hides old promotions", async () => {
    // Same thread file, but the server now exposes its tools under another prefix: a different catalog.
    const changed = tempConfig({
      dir: paths.dir,
      servers: {
        everything: {
          ...JSON.parse(fs.readFileSync(paths.extensions, "utf8")).mcpServers.everything,
          description: "same server, new hash?",
        },
      },
    });
    const { rt: same } = start(changed);
    const h1 = (await same.get()).built.setup.catalog?.hash;
    const renamed = tempConfig({
      dir: paths.dir,
      servers: { every: JSON.parse(fs.readFileSync(paths.extensions, "utf8")).mcpServers.everything },
    });
    const { rt, rec } = start(renamed);
    const runtime = await rt.get();
    expect(runtime.built.setup.catalog?.hash).not.toBe(h1);
    await turn(rt, "hello", "t-1");
    expect(rec.boundTools()[0]).toEqual(NON_DEFERRED);
    const state = await runtime.graph.getState({ configurable: { thread_id: "t-1" } });
    expect((state.values as { promoted: { catalog_hash: string } }).promoted.catalog_hash).toBe(h1);
  });

  it("the model picked per run is the one called", async () => {
    const { rt, rec } = start(paths);
    const runtime = await rt.get();
    await runTurn(runtime, { message: "hello", threadId: "t-model", modelName: "other" }, () => undefined);
    expect(rec.requests.at(-1)?.model).toBe("other-demo");
    const events: TurnEvent[] = [];
    await runTurn(runtime, { message: "hello", threadId: "t-model", modelName: "nope" }, (e) => events.push(e));
    expect(events.find((e) => e.type === "error")).toMatchObject({
      message: expect.stringContaining('unknown model "nope"'),
    });
  });

  it("without MCP tools there is no tool_search and no deferred section", async () => {
    const { rt, rec } = start(tempConfig({ servers: {} }));
    await turn(rt, "hello", "t-none");
    expect(rec.boundTools()[0]).toEqual(["ask_clarification", "present_files"]);
    expect(messageText(rec.requests[0].messages[0])).not.toContain("<available-deferred-tools>");
  });

  it("with tool_search disabled, MCP tools are bound directly", async () => {
    const { rt, rec } = start(tempConfig({ extraYaml: "tool_search:\n  enabled: false\n" }));
    await turn(rt, "hello", "t-off");
    expect(rec.boundTools()[0]).toContain("everything_echo");
    expect(rec.boundTools()[0]).not.toContain("tool_search");
  });
});

describe("interrupt", () => {
  it("ask_clarification pauses the run and resumes with the answer", async () => {
    const { rt } = start(tempConfig({ servers: {} }));
    const runtime = await rt.get();
    const events: TurnEvent[] = [];
    await runTurn(runtime, { message: "ask me which format I want: pdf or html", threadId: "t-ask" }, (e) =>
      events.push(e),
    );
    expect(events.find((e) => e.type === "interrupt")).toMatchObject({
      value: { question: "Which do you want: pdf or html?", options: ["pdf", "html"] },
    });
    const { Command } = await import("@langchain/langgraph");
    const out = await runtime.graph.invoke(new Command({ resume: "pdf" }), { configurable: { thread_id: "t-ask" } });
    const last = (out as { messages: HumanMessage[] }).messages.at(-1);
    expect(String(last?.content)).toContain("You chose: pdf");
  });
});

describe("subagents", () => {
  it("task runs a subagent whose promotions never reach the lead thread", async () => {
    const { rt, rec } = start(tempConfig({ extraYaml: "subagents:\n  enabled: true\n  max_per_run: 2\n" }));
    const events = await turn(rt, 'delegate to a subagent: echo "from the sub"', "t-sub");
    expect(rec.boundTools()[0]).toContain("task");
    const taskResult = events.find((e) => e.type === "tool_result" && e.name === "task");
    expect(taskResult).toMatchObject({ status: "success" });
    expect((taskResult as { content: string }).content).toContain("Echo: from the sub");
    // The subagent searched and promoted everything_echo in its own state; the lead thread has nothing promoted.
    const state = await (await rt.get()).graph.getState({ configurable: { thread_id: "t-sub" } });
    expect((state.values as { promoted: { names: string[] } }).promoted.names).toEqual([]);
    const subRequests = rec.requests.filter((r) => !(r.tools ?? []).some((t) => t.function.name === "task"));
    expect(subRequests.length).toBeGreaterThan(0);
    expect(subRequests.flatMap((r) => r.tools ?? []).map((t) => t.function.name)).not.toContain("ask_clarification");
  });
});

describe("subagent limits", () => {
  it("max_per_run counts per run, not per thread", async () => {
    // The scripted model asks for two tasks at once, then answers "done" (the subagents get "done" too).
    const twoTasks = () =>
      scriptedFetch([
        {
          content: "",
          toolCalls: [0, 1].map((i) => ({ name: "task", args: { description: `t${i}`, prompt: "hello" } })),
        },
        { content: "done", toolCalls: [] },
      ]);
    let current = twoTasks();
    const { rt } = start(
      tempConfig({ servers: {}, extraYaml: "subagents:\n  enabled: true\n  max_per_run: 1\n" }),
      recordingFetch((i, init) => current(i, init)),
    );
    for (const run of [1, 2]) {
      current = twoTasks();
      const events: TurnEvent[] = [];
      await runTurn(await rt.get(), { message: "go", threadId: "t-limits" }, (e) => events.push(e));
      const results = events.filter((e) => e.type === "tool_result" && e.name === "task") as Array<{ content: string }>;
      expect(results, `run ${run}`).toHaveLength(2);
      expect(
        results.filter((r) => /limit of 1 tasks per run/.test(r.content)),
        `run ${run}`,
      ).toHaveLength(1);
    }
  });
});

describe("hybrid tool search wiring", () => {
  it("with tool_search.embeddings enabled, plain queries also go to the embeddings endpoint", async () => {
    const seen: string[] = [];
    const embeddingsFetch: FetchLike = async (input, init) => {
      const body = JSON.parse(String(init?.body)) as { input: string[] | string };
      const inputs = Array.isArray(body.input) ? body.input : [body.input];
      seen.push(String(input));
      const data = inputs.map((t, index) => ({
        object: "embedding",
        index,
        embedding: [t.length % 7, 1, t.includes("echo") ? 5 : 0],
      }));
      return new Response(
        JSON.stringify({ object: "list", data, model: "m", usage: { prompt_tokens: 1, total_tokens: 1 } }),
        { headers: { "content-type": "application/json" } },
      );
    };
    const paths = tempConfig({
      extraYaml:
        "tool_search:\n  embeddings:\n    enabled: true\n    base_url: http://embeddings.test/v1\n    model: m\n",
    });
    const rt = new FawnRuntime({ ...paths, models: { fetch: createDemoFetch(), embeddingsFetch } });
    runtimes.push(rt);
    const events = await turn(rt, 'echo "hybrid"', "t-hybrid");
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen[0]).toBe("http://embeddings.test/v1/embeddings");
    expect(events.find((e) => e.type === "tool_result" && e.name === "everything_echo")).toMatchObject({
      content: "Echo: hybrid",
    });
  });
});

describe("tool_search.techniques reaches the searcher the agent builds", () => {
  /** A long request whose one step (a sum) is drowned by the words of the others unless it is searched clause by clause. */
  const STEPS =
    "Yesterday the report about research progress was late and everyone complained loudly; give me the sum of two numbers";
  const catalogOf = async (techniques: string) => {
    const { rt } = start(tempConfig({ extraYaml: techniques && `tool_search:\n  techniques:\n${techniques}` }));
    const catalog = (await rt.get()).built.setup.catalog;
    if (!catalog) throw new Error("nothing deferred");
    return catalog;
  };
  const names = (found: Array<{ entry: { name: string } }>) => found.map((f) => f.entry.name);

  it("clauses and lexicon switch on and off as configured, in the whole catalog and one server's", async () => {
    // The default first, so a searcher cached per catalog hash alone would be handed to the configured one.
    const byDefault = await catalogOf("");
    // Every technique on but these six: written out here, not read from DEFAULT_TECHNIQUES, so a default changed by
    // mistake fails.
    const off = Object.entries(byDefault.techniques).filter(([, on]) => !on);
    expect(off.map(([name]) => name).sort()).toEqual([
      "associations",
      "clauses",
      "compounds",
      "mentions",
      "names",
      "siblings",
    ]);
    expect(Object.keys(byDefault.techniques).sort()).toEqual(Object.keys(ALL_TECHNIQUES).sort());
    expect(byDefault.search("repeat back what I say", 3)).toHaveLength(3);

    // With the learned tables and the learned reranker off (they may find the sum anyway, by what its training
    // neighbours were asked in), the sum is drowned by the other steps' words unless clause search is on.
    const TABLES_OFF =
      "    learned: false\n    likelihood: false\n    exemplars: false\n    vectors: false\n    rerank: false\n";
    const plain = await catalogOf(TABLES_OFF);
    expect(plain.hash).toBe(byDefault.hash);
    expect(plain.search(STEPS, 3)[0]?.name).toBe("everything_simulate-research-query");

    const clauses = await catalogOf(`${TABLES_OFF}    clauses: true\n`);
    expect(clauses.hash).toBe(byDefault.hash);
    expect(clauses.techniques).toEqual({ ...plain.techniques, clauses: true });
    expect(clauses.search(STEPS, 3)[0]?.name).toBe("everything_get-sum");
    expect(names(clauses.searchScored(STEPS, 3, "everything"))[0]).toBe("everything_get-sum");

    const learned = await catalogOf("    learned: false\n");
    expect(learned.techniques).toEqual({ ...byDefault.techniques, learned: false });

    const mentions = await catalogOf("    mentions: true\n");
    expect(mentions.techniques).toEqual({ ...byDefault.techniques, mentions: true });
    const vectors = await catalogOf("    vectors: false\n");
    expect(vectors.techniques).toEqual({ ...byDefault.techniques, vectors: false });
    const cedict = await catalogOf("    cedict: false\n");
    expect(cedict.techniques).toEqual({ ...byDefault.techniques, cedict: false });
    const translated = await catalogOf("    translated: true\n");
    expect(translated.techniques).toEqual({ ...byDefault.techniques, translated: true });
    const katakana = await catalogOf("    katakana: false\n");
    expect(katakana.techniques).toEqual({ ...byDefault.techniques, katakana: false });
    const characters = await catalogOf("    characters: false\n");
    expect(characters.techniques).toEqual({ ...byDefault.techniques, characters: false });
    const actions = await catalogOf("    actions: true\n");
    expect(actions.techniques).toEqual({ ...byDefault.techniques, actions: true });

    const neighbours = await catalogOf("    neighbours: false\n");
    expect(neighbours.techniques).toEqual({ ...byDefault.techniques, neighbours: false });
    const compounds = await catalogOf("    compounds: true\n");
    expect(compounds.techniques).toEqual({ ...byDefault.techniques, compounds: true });
    const rerank = await catalogOf("    rerank: false\n");
    expect(rerank.techniques).toEqual({ ...byDefault.techniques, rerank: false });

    // The words alone: without the lexicon (and the learned models and examples, and the kinds WordNet says a word
    // is) "repeat" reaches only echo.
    const noLexicon = await catalogOf(
      "    lexicon: false\n    learned: false\n    likelihood: false\n    exemplars: false\n    vectors: false\n" +
        "    neighbours: false\n    hypernyms: false\n",
    );
    expect(noLexicon.techniques).toEqual({
      ...byDefault.techniques,
      lexicon: false,
      learned: false,
      likelihood: false,
      exemplars: false,
      vectors: false,
      neighbours: false,
      hypernyms: false,
    });
    expect(noLexicon.search("repeat back what I say", 3).map((e) => e.name)).toEqual(["everything_echo"]);
  });

  it("the demo's servers, read with their descriptions: a word a tool's name holds still finds that tool first", async () => {
    const demo = JSON.parse(fs.readFileSync(`${REPO_ROOT}/extensions_config.json`, "utf8")).mcpServers;
    const dir = fs.mkdtempSync(`${os.tmpdir()}/fawn-described-`);
    const workbench = { ...demo.workbench, cwd: REPO_ROOT, args: [...demo.workbench.args.slice(0, -1), `${dir}/wb`] };
    const { rt } = start(
      tempConfig({
        servers: { workbench, everything: { ...everythingEntry(), description: demo.everything.description } },
      }),
    );
    const catalog = (await rt.get()).built.setup.catalog;
    // The everything server's description says "echo": on all its tools that word would be common, and the echo
    // tool would fall behind the workbench's "version" and "seconds" (the end-to-end suite's request).
    expect(demo.everything.description).toContain("echo");
    expect(catalog?.search('echo "second version"', 5)[0]?.name).toBe("everything_echo");
  });
});
