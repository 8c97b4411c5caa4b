import { describe, expect, it } from "vitest";
import type { BenchQuery } from "./data";
import { MAX_CALLS, steerAnswers, steerCalls, steerScores } from "./steer";

const names = new Set(["git_add", "git_log", "git_diff"]);

describe("a round of calls", () => {
  it("keeps each call with its request's id, alternatives and all", () => {
    const calls = steerCalls(
      [
        { id: 1, query: "git history", queries: ["commit log"] },
        { id: 0, query: "select:git_add" },
      ],
      "round1.json",
      2,
    );
    expect(calls).toEqual([
      { id: 1, query: "git history", queries: ["commit log"] },
      { id: 0, query: "select:git_add" },
    ]);
  });

  it("refuses an id past the set, two calls for one request, and an unknown field, naming the file and entry", () => {
    expect(() => steerCalls([{ id: 2, query: "x" }], "r.json", 2)).toThrow(
      "r.json: entry 0: id 2 is past the set's 2 requests",
    );
    expect(() =>
      steerCalls(
        [
          { id: 0, query: "x" },
          { id: 0, query: "y" },
        ],
        "r.json",
        2,
      ),
    ).toThrow("r.json: entry 1: id 0 has two calls in one round");
    expect(() => steerCalls([{ id: 0, query: "x", pick: "git_add" }], "r.json", 2)).toThrow(/^r\.json: field "0"/);
  });
});

describe("the answers", () => {
  const call = { query: "stage" };

  it("puts each answer in its request's place", () => {
    const answers = steerAnswers(
      [
        { id: 1, calls: [call, { query: "select:git_log" }], pick: "git_log" },
        { id: 0, calls: [call], pick: null },
      ],
      "a.json",
      2,
      names,
    );
    expect(answers).toEqual([
      { calls: [call], pick: null },
      { calls: [call, { query: "select:git_log" }], pick: "git_log" },
    ]);
  });

  it("refuses an unknown pick, no call, too many calls, a request answered twice or not at all", () => {
    expect(() => steerAnswers([{ id: 0, calls: [call], pick: "rm_rf" }], "a.json", 1, names)).toThrow(
      'a.json: entry 0 (id 0): pick "rm_rf" is no tool of the catalog',
    );
    expect(() => steerAnswers([{ id: 0, calls: [], pick: null }], "a.json", 1, names)).toThrow(
      'a.json: field "0.calls"',
    );
    const many = Array.from({ length: MAX_CALLS + 1 }, () => call);
    expect(() => steerAnswers([{ id: 0, calls: many, pick: null }], "a.json", 1, names)).toThrow(
      'a.json: field "0.calls"',
    );
    const twice = [
      { id: 0, calls: [call], pick: null },
      { id: 0, calls: [call], pick: null },
    ];
    expect(() => steerAnswers(twice, "a.json", 1, names)).toThrow("a.json: entry 1: id 0 is answered twice");
    expect(() => steerAnswers([{ id: 0, calls: [call], pick: null }], "a.json", 2, names)).toThrow(
      "a.json: request 1 is not answered",
    );
  });
});

describe("scores", () => {
  const queries: BenchQuery[] = [
    { query: "stage my edits", expected: ["git_add"], style: "paraphrase" },
    { query: "what changed", expected: ["git_diff"], style: "paraphrase" },
    { query: "show history", expected: ["git_log"], style: "natural" },
  ];

  it("counts, per style and over all, what the request and the helper's calls loaded and whether the pick is right", () => {
    const answers = [
      { calls: [{ query: "a" }, { query: "b" }], pick: "git_add" },
      { calls: [{ query: "c" }], pick: "git_diff" },
      { calls: [{ query: "d" }], pick: "git_add" },
    ];
    const rawLoaded = [[], ["git_diff"], ["git_log"]];
    const loaded = [[["git_log"], ["git_add", "git_log"]], [["git_log"]], [["git_log", "git_add"]]];
    const [all, paraphrase, natural] = steerScores(queries, answers, rawLoaded, loaded);
    // Request 0: found by the second call only, picked and loaded. Request 1: picked right, never loaded.
    // Request 2: loaded by the first call, but the pick is wrong.
    expect(paraphrase).toEqual({
      style: "paraphrase",
      n: 2,
      raw: 1,
      first: 0,
      any: 1,
      pick: 2,
      pickLoaded: 1,
      calls: 3,
    });
    expect(natural).toEqual({ style: "natural", n: 1, raw: 1, first: 1, any: 1, pick: 0, pickLoaded: 0, calls: 1 });
    expect(all).toEqual({ style: "all", n: 3, raw: 2, first: 1, any: 2, pick: 2, pickLoaded: 1, calls: 4 });
  });
});
