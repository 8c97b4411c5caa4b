import { spawnSync } from "node:child_process";
import path from "node:path";
import { z } from "zod";
import { type BackgroundBuild, BackgroundBuildSchema } from "./background-build";
import { percentile } from "./metrics";

const ColdStart = z.object({ firstSearchMs: z.number(), largeBuildMs: z.number() });
const SCRIPT = path.resolve(import.meta.dirname, "..", "cold-start.ts");
const BACKGROUND_SCRIPT = path.resolve(import.meta.dirname, "..", "cold-background.ts");

export interface ColdFigure {
  median: number;
  min: number;
  max: number;
}

/** The median and range of some samples. */
export function coldFigure(values: number[]): ColdFigure {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), min: sorted[0]!, max: sorted[sorted.length - 1]! };
}

/** Runs a bench script in a fresh process (this process's Node flags and loader) and parses its last line. */
function runFresh(script: string, args: string[]): unknown {
  const child = spawnSync(process.execPath, [...process.execArgv, script, ...args], {
    encoding: "utf8",
    maxBuffer: 1 << 20,
  });
  const name = path.relative(path.resolve(import.meta.dirname, "..", ".."), script);
  if (child.status !== 0) throw new Error(`${name} exited ${child.status}: ${child.stderr.trim()}`);
  return JSON.parse(child.stdout.trim().split("\n").pop() ?? "");
}

/**
 * The first search after a cold start and the first `tools`-tool build after it, each measured once in each of
 * `runs` fresh processes (this process's Node flags and loader): one process gives one sample of a figure that a
 * busy core or a collection moves by a tenth, so the median and range of several are printed.
 */
export function coldStartsInFreshProcesses(
  catalog: string,
  query: string,
  tools: number,
  runs: number,
): { firstSearch: ColdFigure; largeBuild: ColdFigure } {
  const samples = Array.from({ length: runs }, () =>
    ColdStart.parse(runFresh(SCRIPT, [catalog, query, String(tools)])),
  );
  return {
    firstSearch: coldFigure(samples.map((s) => s.firstSearchMs)),
    largeBuild: coldFigure(samples.map((s) => s.largeBuildMs)),
  };
}

/**
 * The first `tools`-tool index build after a start, run a slice at a time as the app runs it (its resources load
 * inside it), and its pattern index after it, once in each of `runs` fresh processes: the longest pause of the event
 * loop, the build's own time, and the pattern index's own time and longest slice.
 */
export function backgroundBuildsInFreshProcesses(catalog: string, tools: number, runs: number): BackgroundFigures {
  const samples = Array.from({ length: runs }, () =>
    BackgroundBuildSchema.parse(runFresh(BACKGROUND_SCRIPT, [catalog, String(tools)])),
  );
  return backgroundFigures(samples);
}

/** Background builds' figures, each a median and its range. */
export interface BackgroundFigures {
  longestPause: ColdFigure;
  busy: ColdFigure;
  patternBusy: ColdFigure;
  patternLongestSlice: ColdFigure;
}

export function backgroundFigures(samples: readonly BackgroundBuild[]): BackgroundFigures {
  return {
    longestPause: coldFigure(samples.map((s) => s.longestPauseMs)),
    busy: coldFigure(samples.map((s) => s.busyMs)),
    patternBusy: coldFigure(samples.map((s) => s.patternBusyMs)),
    patternLongestSlice: coldFigure(samples.map((s) => s.patternLongestSliceMs)),
  };
}
