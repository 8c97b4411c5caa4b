/**
 * An index build written as a generator that yields wherever it may pause (between tools, between parts), so it
 * can run either at once (runSteps) or a few milliseconds at a time between other work (SlicedBuild): at 10,000
 * tools a build takes about half a second, which a server should not spend in one go while it streams other
 * users' answers. Where it pauses changes nothing it computes: the steps are the same, in the same order.
 */
export type BuildSteps<T> = Generator<void, T, void>;

/**
 * Steps that run `work(from, to)` over the items 0 … `count` - 1, `per` at a time, pausing after each full `per`
 * (as a loop that yields after every `per`-th item does). The loop over the items runs in `work`, a plain function,
 * not in the generator: V8 (Node 20) runs a loop in a generator's body several times slower than the same loop in
 * a function, and a build's generators are called once per build, so their loops never got fast (a scratch loop
 * over 20 million numbers: 94 ms in a generator, 15 ms in a function; a 10,000-tool build's lists and sums run a
 * million times).
 */
export function* inChunks(count: number, per: number, work: (from: number, to: number) => void): BuildSteps<void> {
  for (let from = 0; from < count; from += per) {
    const to = Math.min(count, from + per);
    work(from, to);
    if (to - from === per) yield;
  }
}

/** Runs every step now and returns what the build made. */
export function runSteps<T>(steps: BuildSteps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** What a sliced build has cost so far, in milliseconds of the thread's time. */
export interface SliceStats {
  /** Time spent in the build's steps, summed over its slices. */
  busyMs: number;
  slices: number;
  longestSliceMs: number;
}

/**
 * A build run a slice at a time: step(ms) runs steps until about `ms` have passed (at least one step), finish()
 * runs what is left at once (for a search that cannot wait). A step that throws fails the build: every later
 * step() or finish() throws the same error.
 */
export class SlicedBuild<T> {
  private outcome: { value: T } | { error: unknown } | null = null;
  private readonly stats: SliceStats = { busyMs: 0, slices: 0, longestSliceMs: 0 };

  constructor(private readonly steps: BuildSteps<T>) {}

  get done(): boolean {
    return this.outcome !== null;
  }

  /** Runs steps for about `ms` milliseconds; true once the build is done (or has failed: finish() says how). */
  step(ms: number): boolean {
    if (this.outcome) return true;
    const started = performance.now();
    try {
      for (;;) {
        const r = this.steps.next();
        if (r.done) {
          this.outcome = { value: r.value };
          break;
        }
        if (performance.now() - started >= ms) break;
      }
    } catch (error) {
      this.outcome = { error };
    }
    this.count(performance.now() - started);
    return this.outcome !== null;
  }

  /** Runs whatever is left now and returns what the build made, or throws what it failed with. */
  finish(): T {
    if (!this.outcome) this.step(Number.POSITIVE_INFINITY);
    const outcome = this.outcome!;
    if ("error" in outcome) throw outcome.error;
    return outcome.value;
  }

  /** Its cost so far. */
  cost(): SliceStats {
    return { ...this.stats };
  }

  private count(ms: number): void {
    this.stats.busyMs += ms;
    this.stats.slices++;
    if (ms > this.stats.longestSliceMs) this.stats.longestSliceMs = ms;
  }
}

/** A slice's length when nothing says otherwise: short enough that a streaming server stays responsive. */
export const DEFAULT_SLICE_MS = 8;

/** What runInSlices() rejects with when its signal stops it before the build is done. */
export class BuildAbandoned extends Error {
  constructor() {
    super("index build abandoned before it was done");
    this.name = "BuildAbandoned";
  }
}

/**
 * Runs a build a slice of about `sliceMs` at a time, giving the event loop a turn (setImmediate) between slices,
 * and resolves with what it made (or rejects with what it failed with). Someone may finish() it meanwhile. With
 * `signal` aborted, it takes no further slice and rejects with BuildAbandoned (unless the build is done already).
 */
export async function runInSlices<T>(
  build: SlicedBuild<T>,
  sliceMs = DEFAULT_SLICE_MS,
  signal?: AbortSignal,
): Promise<T> {
  while (!build.step(sliceMs)) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (signal?.aborted && !build.done) throw new BuildAbandoned();
  }
  return build.finish();
}
