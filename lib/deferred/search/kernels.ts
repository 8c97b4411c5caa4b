import { KERNELS_WASM_BASE64 } from "./kernels-wasm";

/**
 * The learned vectors' WebAssembly loops (kernels.wat): compiled once per process, instantiated over a memory of
 * each user's own (dot-scan.ts, row-sums.ts). Each user keeps a JavaScript loop that gives the same numbers, for
 * runtimes without WebAssembly SIMD.
 */
export interface Kernels {
  /** out[i] = query · row i over the first `dim` numbers (byte offsets; see kernels.wat). */
  dots(rows: number, query: number, out: number, count: number, dim: number, stride: number): void;
  /** out += weight[k] × table row ids[k], for each k in turn (byte offsets; see kernels.wat). */
  sums(table: number, ids: number, weights: number, count: number, out: number, dim: number): void;
}

/** WebAssembly pages are 64 KiB. */
const PAGE = 65_536;

/** The compiled module, or null where this runtime cannot compile it (no WebAssembly, or no SIMD). */
let compiled: WebAssembly.Module | null | undefined;

function kernelsModule(): WebAssembly.Module | null {
  if (compiled === undefined) {
    try {
      compiled = new WebAssembly.Module(Buffer.from(KERNELS_WASM_BASE64, "base64"));
    } catch {
      compiled = null;
    }
  }
  return compiled;
}

/** The kernels over a new memory of at least `bytes` bytes, or null where they cannot run. */
export function kernelsWithMemory(bytes: number): { kernels: Kernels; buffer: ArrayBuffer } | null {
  const module = kernelsModule();
  if (!module) return null;
  const memory = new WebAssembly.Memory({ initial: Math.max(1, Math.ceil(bytes / PAGE)) });
  const exports = new WebAssembly.Instance(module, { env: { memory } }).exports as unknown as Kernels;
  return { kernels: exports, buffer: memory.buffer };
}

/** `n` rounded up to a multiple of 8: where the next block of doubles may start. */
export const align8 = (n: number) => Math.ceil(n / 8) * 8;
