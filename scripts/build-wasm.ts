/** `npm run build:wasm`: compiles lib/deferred/search/kernels.wat into kernels-wasm.ts (scripts/wat.ts). */
import { writeFileSync } from "node:fs";
import { compileWat, KERNELS_WASM_TS, KERNELS_WAT, wasmModuleText } from "./wat";

const bytes = await compileWat(KERNELS_WAT);
writeFileSync(KERNELS_WASM_TS, wasmModuleText(KERNELS_WAT, bytes));
console.log(`build:wasm: ${KERNELS_WAT} → ${KERNELS_WASM_TS} (${bytes.length} bytes)`);
