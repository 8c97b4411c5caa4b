import { describe, expect, it } from "vitest";
import { DEFAULT_LEARN, invertTable, learnTranslations, type TrainingPair } from "./translation-model";

const pair = (request: string, operation: string): TrainingPair => ({
  request: request.split(" "),
  operation: operation.split(" "),
});

describe("learned translations (IBM Model 1)", () => {
  // "stash" keeps company with "store" only; "file" and "secret" are explained by their own request words.
  const pairs = [
    pair("stash file", "store file specifi"),
    pair("stash secret", "store secret specifi"),
    pair("stash note", "store note specifi"),
    pair("nuke file", "delete file specifi"),
    pair("nuke branch", "delete branch specifi"),
    pair("show file", "get file specifi"),
    pair("show branch", "get branch specifi"),
    pair("show note", "get note specifi"),
  ];

  it("finds what an everyday word stands for, not the words it merely appears with", () => {
    const table = learnTranslations(pairs, { ...DEFAULT_LEARN, minLift: 1.5 });
    expect(table.stash?.[0]?.[0]).toBe("store");
    expect(table.nuke?.[0]?.[0]).toBe("delete");
    expect(table.show?.[0]?.[0]).toBe("get");
    expect(table.stash?.map(([w]) => w)).not.toContain("file");
  });

  it("leaves filler every operation says to the null word (it has no lift)", () => {
    const table = learnTranslations(pairs, { ...DEFAULT_LEARN, minLift: 1.5 });
    for (const entries of Object.values(table)) expect(entries.map(([w]) => w)).not.toContain("specifi");
  });

  it("never maps a word to itself, and skips words seen in fewer pairs than asked", () => {
    const table = learnTranslations(pairs, { ...DEFAULT_LEARN, minLift: 1.5, minRequestCount: 3 });
    expect(table.file?.map(([w]) => w) ?? []).not.toContain("file");
    expect(table.nuke).toBeUndefined();
    expect(table.show).toBeDefined();
  });

  it("gives strengths between 0 and 1, strongest first, at most maxPerWord", () => {
    const table = learnTranslations(pairs, { ...DEFAULT_LEARN, minLift: 1, minProbability: 0, maxPerWord: 2 });
    for (const entries of Object.values(table)) {
      expect(entries.length).toBeLessThanOrEqual(2);
      for (const [, p] of entries) expect(p).toBeGreaterThan(0);
      for (const [, p] of entries) expect(p).toBeLessThanOrEqual(1);
      expect([...entries].sort((a, b) => b[1] - a[1])).toEqual(entries);
    }
  });
});

describe("invertTable", () => {
  it("keys a table by its targets, each list strongest first, ties by word", () => {
    expect(
      invertTable({
        a: [
          ["x", 0.5],
          ["y", 0.2],
        ],
        b: [["x", 0.5]],
        c: [["x", 0.7]],
      }),
    ).toEqual({
      x: [
        ["c", 0.7],
        ["a", 0.5],
        ["b", 0.5],
      ],
      y: [["a", 0.2]],
    });
  });
});
