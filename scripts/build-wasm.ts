/** `npm run build:wasm`: compiles lib/deferred/search/dots.wat into dots-wasm.ts (scripts/wat.ts). */
import { writeFileSync } from "node:fs";
import { compileWat, DOTS_WASM_TS, DOTS_WAT, wasmModuleText } from "./wat";

const bytes = await compileWat(DOTS_WAT);
writeFileSync(DOTS_WASM_TS, wasmModuleText(DOTS_WAT, bytes));
console.log(`build:wasm: ${DOTS_WAT} → ${DOTS_WASM_TS} (${bytes.length} bytes)`);
