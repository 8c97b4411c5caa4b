import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  comparePools,
  expectedServer,
  overrideConfig,
  type PoolLine,
  POOLS,
  poolSets,
  rankOf,
  readPoolLines,
  SEVERAL_SERVERS,
  UNKNOWN_SERVER,
} from "./pools";

const line = (pool: string, set: string, i: number, style: string, rank: number, server?: string): PoolLine => ({
  pool,
  set,
  i,
  style,
  rank,
  ...(server === undefined ? {} : { server }),
});

describe("expectedServer", () => {
  const serverOf = new Map([
    ["create_issue", "github"],
    ["list_issues", "github"],
    ["jira_create_issue", "jira"],
  ]);
  it("is the expected tools' one server, or says they are on several", () => {
    expect(expectedServer(["create_issue", "list_issues"], serverOf)).toBe("github");
    expect(expectedServer(["create_issue", "jira_create_issue"], serverOf)).toBe(SEVERAL_SERVERS);
    expect(expectedServer(["not_in_the_catalog"], serverOf)).toBe(UNKNOWN_SERVER);
  });
});

describe("rankOf", () => {
  it("is the 1-based place of the first expected name, 0 when none is there", () => {
    expect(rankOf(["a", "b", "c"], ["c", "b"])).toBe(2);
    expect(rankOf(["a", "b"], ["z"])).toBe(0);
    expect(rankOf([], ["a"])).toBe(0);
  });
});

describe("comparePools", () => {
  const before = [
    line("shared", "s.json", 0, "paraphrase", 6), // found after
    line("shared", "s.json", 1, "paraphrase", 1), // lost after
    line("shared", "s.json", 2, "task", 3), // higher after
    line("shared", "s.json", 3, "task", 0), // a miss both times
    line("c2", "t.json", 0, "keyword", 2), // lower after, still found
  ];
  const after = [
    line("shared", "s.json", 0, "paraphrase", 2),
    line("shared", "s.json", 1, "paraphrase", 7),
    line("shared", "s.json", 2, "task", 1),
    line("shared", "s.json", 3, "task", 0),
    line("c2", "t.json", 0, "keyword", 4),
  ];

  it("counts found, lost, higher and lower per pool, and found and lost per style", () => {
    const [shared, c2] = comparePools(before, after);
    expect(shared).toMatchObject({ pool: "shared", n: 4, hits: [2, 2], found: 1, lost: 1, higher: 2, lower: 1 });
    expect(shared!.mrr[0]).toBeCloseTo((1 + 1 / 3) / 4);
    expect(shared!.mrr[1]).toBeCloseTo((1 / 2 + 1) / 4);
    expect(shared!.styles).toEqual([
      { style: "paraphrase", n: 2, hits: [1, 1], mrr: [0.5, 0.25], found: 1, lost: 1 },
      { style: "task", n: 2, hits: [1, 1], mrr: [1 / 6, 0.5], found: 0, lost: 0 },
    ]);
    expect(c2).toMatchObject({ pool: "c2", n: 1, hits: [1, 1], found: 0, lost: 0, higher: 0, lower: 1 });
  });

  it("counts found and lost per server of the expected tools; lines without one are grouped as unknown", () => {
    const withServers = (lines: PoolLine[]) =>
      lines.map((l, n) => ({ ...l, ...(n < 4 ? { server: n % 2 === 0 ? "git" : "jira" } : {}) }));
    const [shared, c2] = comparePools(withServers(before), withServers(after));
    expect(shared!.servers).toEqual([
      { server: "git", n: 2, hits: [1, 2], mrr: [1 / 6, 0.75], found: 1, lost: 0 },
      { server: "jira", n: 2, hits: [1, 0], mrr: [0.5, 0], found: 0, lost: 1 },
    ]);
    expect(c2!.servers).toEqual([{ server: UNKNOWN_SERVER, n: 1, hits: [1, 1], mrr: [0.5, 0.25], found: 0, lost: 0 }]);
  });

  it("a run compared with itself moves nothing", () => {
    for (const p of comparePools(before, before)) {
      expect([p.found, p.lost, p.higher, p.lower]).toEqual([0, 0, 0, 0]);
      expect(p.hits[0]).toBe(p.hits[1]);
    }
  });

  it("refuses runs over other requests, naming the first line that differs", () => {
    expect(() => comparePools(before, after.slice(1))).toThrow(/5 requests before, 4 after/);
    const shifted = [...after];
    shifted[2] = line("shared", "s.json", 9, "task", 1);
    expect(() => comparePools(before, shifted)).toThrow(/line 3: shared s.json #2 before, shared s.json #9 after/);
  });
});

describe("readPoolLines", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pools-"));
  const file = (name: string, text: string) => {
    const f = path.join(dir, name);
    fs.writeFileSync(f, text);
    return f;
  };

  it("reads what a run writes, with or without the expected tools' server", () => {
    const lines = [line("shared", "a.json", 0, "natural", 1, "github"), line("shared", "a.json", 1, "natural", 0)];
    const f = file("ok.jsonl", `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`);
    expect(readPoolLines(f)).toEqual(lines);
  });

  it("names the file, the line and the field of a bad line", () => {
    const good = JSON.stringify(line("shared", "a.json", 0, "natural", 1));
    const f = file("bad.jsonl", `${good}\n{"pool":"shared","set":"a.json","i":1,"style":"natural","rank":11}\n`);
    expect(() => readPoolLines(f)).toThrow(new RegExp(`${f}: line 2: field "rank"`));
    const g = file("text.jsonl", "not json\n");
    expect(() => readPoolLines(g)).toThrow(/line 1: not JSON/);
    const h = file("extra.jsonl", '{"pool":"shared","set":"a.json","i":0,"style":"natural","rank":1,"query":"x"}\n');
    expect(() => readPoolLines(h)).toThrow(/line 1: field "\(line\)"/);
  });
});

describe("overrideConfig", () => {
  const base = { k1: 1.2, techniques: { vectors: true, siblings: false }, servers: { weight: 0.5, depth: 50 } };

  it("puts numbers and switches in by path and leaves the rest", () => {
    const out = overrideConfig(base, { servers: { depth: 100 }, techniques: { siblings: true } });
    expect(out).toEqual({
      k1: 1.2,
      techniques: { vectors: true, siblings: true },
      servers: { weight: 0.5, depth: 100 },
    });
    expect(base.servers.depth).toBe(50);
  });

  it("refuses a setting that does not exist or has another type, naming its path", () => {
    expect(() => overrideConfig(base, { servers: { dpth: 100 } })).toThrow(
      /--config\.servers\.dpth: no such setting \(settings here: weight, depth\)/,
    );
    expect(() => overrideConfig(base, { k1: "2" })).toThrow(/--config\.k1: must be a number, not "2"/);
    expect(() => overrideConfig(base, { servers: 3 })).toThrow(/--config\.servers: must be a JSON object/);
    expect(() => overrideConfig(base, [])).toThrow(/--config: must be a JSON object/);
  });
});

describe("POOLS", () => {
  it("every pool has sets, no set is in two pools, and a catalog kept in the repo is there", () => {
    const root = path.resolve(import.meta.dirname, "..", "..");
    const seen = new Set<string>();
    for (const pool of POOLS) {
      const sets = poolSets(root, pool);
      expect(sets.length).toBeGreaterThan(0);
      for (const s of sets) {
        expect(seen.has(s)).toBe(false);
        seen.add(s);
      }
      // The shared catalog lives beside the repo (../shared), not in it: a clone alone has only its own.
      if (!pool.catalog.startsWith(".."))
        expect(fs.existsSync(path.resolve(root, pool.catalog)), pool.catalog).toBe(true);
    }
  });
});
