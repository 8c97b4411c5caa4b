import { z } from "zod";
import { DEFAULT_SLICE_MS, runInSlices, type SearchDoc, startToolSearcherBuild } from "@/lib/deferred/search";

/** One index build run a slice at a time, as the app builds one (ToolCatalog.warm), with what it cost (ms). */
export const BackgroundBuildSchema = z.object({
  /** From its start to its end, other work's turns included. */
  wallMs: z.number(),
  /** The build's own slices, summed. */
  busyMs: z.number(),
  slices: z.number(),
  longestSliceMs: z.number(),
  /**
   * The longest the event loop went without a turn while the build ran: the longest slice, plus whatever else
   * ran in one go then (a collection, say). What a request or a stream waiting on this process waits at most.
   */
  longestPauseMs: z.number(),
  /**
   * What pattern searches read, built a slice at a time after the index (ToolCatalog.warmPatterns): its slices
   * summed, and the longest. The event loop's longest wait above covers both builds.
   */
  patternBusyMs: z.number(),
  patternLongestSliceMs: z.number(),
});
export type BackgroundBuild = z.infer<typeof BackgroundBuildSchema>;

/**
 * Builds `docs`' searcher in slices of `sliceMs` (runInSlices, as ToolCatalog.warm does), then its pattern index
 * (as ToolCatalog.warmPatterns does), while a callback that re-schedules itself on every turn of the event loop
 * (setImmediate) notes the longest gap between its turns.
 */
export async function measureBackgroundBuild(docs: SearchDoc[], sliceMs = DEFAULT_SLICE_MS): Promise<BackgroundBuild> {
  let last = performance.now();
  let longestPauseMs = 0;
  let running = true;
  const turn = () => {
    const now = performance.now();
    longestPauseMs = Math.max(longestPauseMs, now - last);
    last = now;
    if (running) setImmediate(turn);
  };
  setImmediate(turn);
  const started = performance.now();
  const build = startToolSearcherBuild(docs);
  const searcher = await runInSlices(build, sliceMs);
  const wallMs = performance.now() - started;
  const patterns = searcher.patternIndexBuild?.();
  if (!patterns) throw new Error("the searcher builds no pattern index: nothing to measure");
  await runInSlices(patterns, sliceMs);
  running = false;
  // The gap from the last turn to the builds' end counts too.
  longestPauseMs = Math.max(longestPauseMs, performance.now() - last);
  const { busyMs, slices, longestSliceMs } = build.cost();
  const { busyMs: patternBusyMs, longestSliceMs: patternLongestSliceMs } = patterns.cost();
  return { wallMs, busyMs, slices, longestSliceMs, longestPauseMs, patternBusyMs, patternLongestSliceMs };
}
