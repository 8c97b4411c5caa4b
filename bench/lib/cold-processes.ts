import { spawnSync } from "node:child_process";
import path from "node:path";
import { z } from "zod";
import { percentile } from "./metrics";

const ColdStart = z.object({ firstSearchMs: z.number(), largeBuildMs: z.number() });
const SCRIPT = path.resolve(import.meta.dirname, "..", "cold-start.ts");

export interface ColdFigure {
  median: number;
  min: number;
  max: number;
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
  const samples = Array.from({ length: runs }, () => {
    const child = spawnSync(process.execPath, [...process.execArgv, SCRIPT, catalog, query, String(tools)], {
      encoding: "utf8",
      maxBuffer: 1 << 20,
    });
    if (child.status !== 0) throw new Error(`bench/cold-start.ts exited ${child.status}: ${child.stderr.trim()}`);
    const last = child.stdout.trim().split("\n").pop() ?? "";
    return ColdStart.parse(JSON.parse(last));
  });
  const figure = (values: number[]): ColdFigure => {
    const sorted = values.sort((a, b) => a - b);
    return { median: percentile(sorted, 50), min: sorted[0]!, max: sorted[sorted.length - 1]! };
  };
  return {
    firstSearch: figure(samples.map((s) => s.firstSearchMs)),
    largeBuild: figure(samples.map((s) => s.largeBuildMs)),
  };
}
