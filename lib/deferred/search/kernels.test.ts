import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compileWat, KERNELS_WASM_TS, KERNELS_WAT, wasmModuleText } from "../../../scripts/wat";
import { align8, kernelsWithMemory } from "./kernels";

describe("the WebAssembly kernels", () => {
  it("ship kernels.wat as compiled (npm run build:wasm)", async () => {
    expect(readFileSync(KERNELS_WASM_TS, "utf8")).toBe(wasmModuleText(KERNELS_WAT, await compileWat(KERNELS_WAT)));
  });

  it("compile here, over a memory of at least the bytes asked for", () => {
    const run = kernelsWithMemory(200_000);
    expect(run).not.toBeNull();
    expect(run!.buffer.byteLength).toBeGreaterThanOrEqual(200_000);
    expect(typeof run!.kernels.dots).toBe("function");
    expect(typeof run!.kernels.sums).toBe("function");
    expect([0, 1, 8, 9, 15].map(align8)).toEqual([0, 8, 8, 16, 16]);
  });
});
