import { getActions, ToolActionClasses } from "./actions";
import { NameAssociations } from "./associations";
import { type Bm25Index, bm25IndexSteps } from "./bm25";
import { type BuildSteps, inChunks } from "./build-steps";
import { addCompoundParts, compoundParts, wordnetKnows } from "./compounds";
import { type ExemplarIndex, exemplarsSteps } from "./exemplars";
import { aboutWithoutNameWords, type DocFields, docFields } from "./fields";
import { ToolMentions } from "./mentions";
import { NamedServers } from "./named-servers";
import type { RankerConfig } from "./ranker-config";
import { numberServers, type ServerNumbers } from "./server-numbers";
import { ServerProfiles } from "./server-profiles";
import { Siblings } from "./siblings";
import { TermTable } from "./term-table";
import { type TranslationLm, translationLmSteps } from "./translation-lm";
import type { SearchDoc } from "./types";
import { getWordVectors, type VectorIndex, vectorIndexSteps } from "./word-vectors";
import { getWordnet } from "./wordnet-use";

/*
 * What a ranker is built from, for one catalog: each tool's fields in a BM25F index, and the parts the techniques
 * that are on build over them (translation model, server profiles, vectors, action classes, named servers). Built in
 * steps (build-steps.ts) so that any number of builds may take turns; TextRanker keeps what this makes.
 */

/** Tools read between two pauses of a build in steps (about a millisecond's work at most). */
const TOOLS_PER_STEP = 64;

/** What a TextRanker is built from (rankerParts makes it; the ranker only keeps it). */
export interface RankerParts {
  names: string[];
  nameTerms: string[][];
  /** Each tool's worked-example neighbours (exemplars.ts), when both worked-example techniques are on. */
  neighbours: number[][] | null;
  nameWords: Set<string>;
  leadStart: Int32Array;
  leadTerms: Int32Array;
  termTexts: readonly string[];
  index: Bm25Index;
  associations: NameAssociations | null;
  likelihood: TranslationLm | null;
  servers: ServerProfiles | null;
  vectors: VectorIndex | null;
  siblings: Siblings | null;
  actions: ToolActionClasses | null;
  named: NamedServers | null;
  /** What the learned reranker reads of the catalog (the servers by number, their sizes), when that technique is on. */
  reranker: { servers: ServerNumbers; sizes: Int32Array } | null;
}

export function* rankerParts(docs: readonly SearchDoc[], config: RankerConfig): BuildSteps<RankerParts> {
  const { techniques } = config;
  const names = docs.map((d) => d.name);
  const table = new TermTable();
  const mentions = techniques.mentions ? new ToolMentions(docs) : null;
  const fields: DocFields[] = [];
  // Each loop over the tools runs in a plain function a step's worth at a time (build-steps.ts, `inChunks`).
  yield* inChunks(docs.length, TOOLS_PER_STEP, readingFields(docs, table, mentions, techniques.redirects, fields));
  aboutWithoutNameWords(fields);
  const { servers: profiles, vectors: fuseVectors, named, siblings, compounds, rerank } = techniques;
  // The servers by number, worked out once for the techniques that read them.
  const servers =
    profiles || named || siblings || compounds || rerank ? numberServers(docs.map((d) => d.server ?? "")) : null;
  // Compounds split before anything reads the fields: the names' parts are name words too.
  const wordnet = compounds ? getWordnet() : null;
  if (wordnet && servers) {
    addCompoundParts(
      fields,
      compoundParts(fields, table, servers.serverOf, (t) => wordnetKnows(wordnet, t), config.compounds),
    );
    yield;
  }
  const nameTerms = fields.map((f) => table.textsOf(f.name));
  // The worked examples in Chinese and Japanese lend from the same neighbours: kept as they are found (a few numbers
  // a tool), so the first such request does not look for them again.
  let neighbours: number[][] | null = null;
  if (techniques.exemplars) {
    const ex = yield* exemplarsSteps();
    yield;
    if (techniques.exemplarscjk) neighbours = [];
    yield* inChunks(fields.length, TOOLS_PER_STEP, borrowing(ex, fields, nameTerms, table, config, neighbours));
  }
  const nameWords = wordsOf(nameTerms);
  const leadStart = new Int32Array(fields.length + 1);
  fields.forEach((f, i) => {
    leadStart[i + 1] = leadStart[i]! + f.lead.length;
  });
  const leadTerms = new Int32Array(leadStart[fields.length]!);
  fields.forEach((f, i) => {
    leadTerms.set(f.lead, leadStart[i]!);
  });
  yield;
  const index = yield* bm25IndexSteps(fields, table, config.bm25, techniques.exemplars ? "asked" : undefined);
  yield;
  const associations = techniques.associations ? new NameAssociations(nameTerms, index, config.associations) : null;
  const likelihood = techniques.likelihood ? yield* translationLmSteps(fields, table, config.likelihood) : null;
  yield;
  const serverProfiles = profiles && servers ? new ServerProfiles(servers, fields, table, config.bm25) : null;
  yield;
  // Sibling contrast reads the tools' vectors too; the vectors' own fusion runs only with `vectors` on.
  let vectors: VectorIndex | null = null;
  if (fuseVectors || siblings) {
    const wordVectors = getWordVectors();
    yield;
    vectors = yield* vectorIndexSteps(fields, table, config.vectors, wordVectors);
    yield;
  }
  let actions: RankerParts["actions"] = null;
  if (techniques.actions) {
    actions = new ToolActionClasses(
      getActions(),
      docs.map((d) => d.description),
      docs.map((d) => d.server ?? ""),
    );
    yield;
  }
  return {
    names,
    nameTerms,
    neighbours,
    nameWords,
    leadStart,
    leadTerms,
    termTexts: table.texts,
    index,
    associations,
    likelihood,
    servers: serverProfiles,
    vectors: fuseVectors ? vectors : null,
    siblings: siblings && vectors && servers ? new Siblings(servers, vectors) : null,
    actions,
    named: named && servers ? new NamedServers(servers, (t) => index.docsOf(t)) : null,
    reranker: rerank && servers ? { servers, sizes: serverSizes(servers) } : null,
  };
}

/** Per server number, how many tools it has. */
function serverSizes(servers: ServerNumbers): Int32Array {
  const sizes = new Int32Array(servers.names.length);
  for (const s of servers.serverOf) if (s >= 0) sizes[s] = sizes[s]! + 1;
  return sizes;
}

/*
 * The loops of rankerParts over the tools, for inChunks. Made here, not as arrow functions in rankerParts: a closure
 * there would keep rankerParts' variables it reads (the tools' fields) alive for as long as any closure made there
 * lives, and the searcher keeps one (the named servers' docsOf).
 */

/** Each tool's fields read into `fields`, in order. */
function readingFields(
  docs: readonly SearchDoc[],
  table: TermTable,
  mentions: ToolMentions | null,
  redirects: boolean,
  fields: DocFields[],
): (from: number, to: number) => void {
  return (from, to) => {
    for (let i = from; i < to; i++) fields.push(docFields(docs[i]!, table, mentions, redirects));
  };
}

/** Each tool's words borrowed from its worked examples, and (when `neighbours` is given) its neighbours kept there. */
function borrowing(
  ex: ExemplarIndex,
  fields: DocFields[],
  nameTerms: readonly string[][],
  table: TermTable,
  config: RankerConfig,
  neighbours: number[][] | null,
): (from: number, to: number) => void {
  return (from, to) => {
    for (let i = from; i < to; i++) {
      fields[i]!.asked = ex.askedIdsFor(nameTerms[i]!, table, config.exemplars);
      neighbours?.push(ex.lastNeighbours());
    }
  };
}

/** Every word of the lists, once each, in the order first met (as `new Set(lists.flat())`, without the flat copy). */
function wordsOf(lists: readonly (readonly string[])[]): Set<string> {
  const out = new Set<string>();
  for (const words of lists) for (const w of words) out.add(w);
  return out;
}
