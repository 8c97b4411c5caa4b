import { describe, expect, it } from "vitest";
import { TOOLS } from "@/test/fixtures/search-tools";
import { BuildAbandoned, type BuildSteps, inChunks, runInSlices, runSteps, SlicedBuild } from "./build-steps";
import { createToolSearcher, startToolSearcherBuild } from "./index";

function* counted(log: string[], n: number): BuildSteps<number> {
  for (let i = 0; i < n; i++) {
    log.push(`step ${i}`);
    yield;
  }
  return n;
}

function* failing(): BuildSteps<number> {
  yield;
  throw new Error("tool bad_tool: description is not text");
}

const QUERIES = [
  "git status",
  "remove money from a payment, give it back",
  "列出目录中的文件",
  "driving directions from Boston to New York",
  "record my changes with a message then open a pull request",
  "select:git_status,create_refund",
  "+github issue",
];

const results = (s: { search(q: string, k: number): string[] }) => QUERIES.map((q) => s.search(q, 5));

describe("builds in steps", () => {
  it("runs every step at once, or a slice at a time with other work between slices", async () => {
    expect(runSteps(counted([], 3))).toBe(3);
    const log: string[] = [];
    const build = new SlicedBuild(counted(log, 4));
    const done = runInSlices(build, 0);
    // Slices of 0 ms take one step each, and each waits for the event loop's next turn.
    setImmediate(() => log.push("other work"));
    expect(await done).toBe(4);
    expect(log.indexOf("other work")).toBeGreaterThan(0);
    expect(log.indexOf("other work")).toBeLessThan(log.length - 1);
    expect(build.cost().slices).toBe(5);
  });

  it("runs a loop in chunks, pausing after each full chunk, as a loop that yields after every n-th item", () => {
    const log: string[] = [];
    function* chunked(count: number, per: number): BuildSteps<void> {
      yield* inChunks(count, per, (from, to) => log.push(`${from}-${to}`));
    }
    const steps = chunked(10, 4);
    const pauses: string[][] = [];
    for (let r = steps.next(); !r.done; r = steps.next()) pauses.push([...log]);
    expect(log).toEqual(["0-4", "4-8", "8-10"]);
    // Paused after 4 and 8 items, not after the last two (a loop yielding at i % 4 === 3 pauses the same).
    expect(pauses).toEqual([["0-4"], ["0-4", "4-8"]]);
    log.length = 0;
    runSteps(chunked(8, 4));
    expect(log).toEqual(["0-4", "4-8"]);
    log.length = 0;
    runSteps(chunked(0, 4));
    expect(log).toEqual([]);
  });

  it("finishes at once when asked, and keeps a failure for whoever asks next", async () => {
    const build = new SlicedBuild(counted([], 10));
    expect(build.step(0)).toBe(false);
    expect(build.finish()).toBe(10);
    expect(build.done).toBe(true);
    expect(await runInSlices(build, 0)).toBe(10);

    const bad = new SlicedBuild(failing());
    expect(bad.step(0)).toBe(false);
    expect(() => bad.finish()).toThrow("bad_tool");
    await expect(runInSlices(bad, 0)).rejects.toThrow("bad_tool");
  });

  it("stops taking slices once its signal is aborted, unless the build is done", async () => {
    const log: string[] = [];
    const stop = new AbortController();
    const build = new SlicedBuild(counted(log, 10));
    const running = runInSlices(build, 0, stop.signal);
    stop.abort();
    await expect(running).rejects.toBeInstanceOf(BuildAbandoned);
    expect(log).toEqual(["step 0"]);
    expect(build.done).toBe(false);
    const done = new SlicedBuild(counted([], 1));
    done.finish();
    expect(await runInSlices(done, 0, stop.signal)).toBe(1);
  });

  it("a searcher built in slices answers exactly as one built at once, even with another build between its slices", async () => {
    // Copies of the fixture's tools under other names, so the builds pause inside their loops over tools too.
    const many = Array.from({ length: 12 }, (_, k) =>
      TOOLS.map((t) => ({ ...t, name: k === 0 ? t.name : `${t.name}_${k}` })),
    ).flat();
    const few = TOOLS.slice(0, Math.floor(TOOLS.length / 2));
    // Two builds taking turns, one step each, and a third run at once in between. They come first in this file's
    // process, so they also load the lexicon and the worked examples in steps, both at once.
    const a = startToolSearcherBuild(many);
    const b = startToolSearcherBuild(few);
    let turns = 0;
    while (!a.done || !b.done) {
      a.step(0);
      b.step(0);
      if (++turns === 5) createToolSearcher(TOOLS.slice(3));
    }
    const manyAtOnce = results(createToolSearcher(many));
    const fewAtOnce = results(createToolSearcher(few));
    expect(a.cost().slices).toBeGreaterThan(20);
    expect(results(a.finish())).toEqual(manyAtOnce);
    expect(results(b.finish())).toEqual(fewAtOnce);
  });
});
