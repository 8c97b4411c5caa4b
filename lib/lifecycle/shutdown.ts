/**
 * The server's orderly end on SIGTERM or SIGINT. Whatever holds something to release registers a step when it
 * creates it: the LangGraph API (cancel running runs, wait until each has settled its thread and released its
 * lock), the agent runtime (close the MCP connections), the command runner (kill whatever command is left).
 * On the first signal the steps run in order, each within a time limit; then the signal's earlier listeners run
 * (Next's own: stop accepting connections, close, exit) or, when there are none, the process exits 128+signal.
 * Repeated signals (a process-group signal plus a wrapper forwarding it) do not start a second shutdown.
 *
 * The registry lives on globalThis: Next.js may load this module once per bundle, and the instrumentation hook
 * that installs the handlers is a bundle of its own.
 */
import { log } from "@/lib/log/logger";

export interface ShutdownStep {
  name: string;
  /** Lower runs first. */
  order: number;
  run: () => Promise<unknown>;
}

interface Registry {
  steps: Map<string, ShutdownStep>;
  running: Promise<void> | null;
  installed: boolean;
}

const holder = globalThis as unknown as { __fawnShutdown?: Registry };
holder.__fawnShutdown ??= { steps: new Map(), running: null, installed: false };
const registry = holder.__fawnShutdown;

/** Time each step may take before the next one runs anyway. */
const STEP_MS = 10_000;
/** After the steps, the exit must come within this, whatever else is still open. */
const EXIT_MS = 10_000;
const SIGNAL_NUMBERS: Record<string, number> = { SIGINT: 2, SIGTERM: 15 };

/** Register (or replace, by name) a step of the shutdown. */
export function onShutdown(name: string, order: number, run: () => Promise<unknown>): void {
  registry.steps.set(name, { name, order, run });
}

function within<T>(promise: Promise<T>, ms: number): Promise<T | "timed out"> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<"timed out">((r) => {
      timer = setTimeout(() => r("timed out"), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Run every step once, in order; a failing or slow step is logged and the next one runs. Idempotent. */
export function shutdown(reason: string, stepMs = STEP_MS): Promise<void> {
  registry.running ??= (async () => {
    const started = Date.now();
    log("info", "server.shutdown", { reason, steps: [...registry.steps.keys()] });
    for (const step of [...registry.steps.values()].sort((a, b) => a.order - b.order)) {
      const t = Date.now();
      try {
        const outcome = await within(step.run(), stepMs);
        if (outcome === "timed out") log("warn", "server.shutdown_step_slow", { step: step.name, ms: stepMs });
      } catch (err) {
        log("error", "server.shutdown_step_failed", {
          step: step.name,
          message: (err as Error)?.message ?? String(err),
        });
      }
      log("debug", "server.shutdown_step", { step: step.name, ms: Date.now() - t });
    }
    log("info", "server.shutdown_done", { reason, ms: Date.now() - started });
  })();
  return registry.running;
}

/**
 * Make SIGTERM and SIGINT shut down in order first. Listeners already installed (Next's graceful close) are
 * taken off and called after the steps, so none of them can exit the process while a step runs.
 */
export function installSignalHandlers(): void {
  if (registry.installed) return;
  registry.installed = true;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    const earlier = process.listeners(signal);
    for (const l of earlier) process.removeListener(signal, l);
    let seen = false;
    process.on(signal, () => {
      if (seen) return;
      seen = true;
      void shutdown(signal).then(() => {
        setTimeout(() => process.exit(128 + SIGNAL_NUMBERS[signal]), EXIT_MS).unref();
        if (earlier.length === 0) process.exit(128 + SIGNAL_NUMBERS[signal]);
        for (const l of earlier) (l as (s: NodeJS.Signals) => void)(signal);
      });
    });
  }
}
