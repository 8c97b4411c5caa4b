import { type ActionUse, DEFAULT_ACTION_USE } from "./actions";
import { type AssociationConfig, DEFAULT_ASSOCIATIONS } from "./associations";
import { type Bm25Config, DEFAULT_BM25 } from "./bm25";
import { type CedictUse, DEFAULT_CEDICT_USE } from "./cedict";
import { type CjkExampleUse, DEFAULT_CJK_EXAMPLE_USE } from "./cjk-examples";
import { type ClauseConfig, DEFAULT_CLAUSES } from "./clauses";
import { type CompoundUse, DEFAULT_COMPOUND_USE } from "./compounds";
import { DEFAULT_ENTITY_USE, type EntityUse } from "./entities";
import { DEFAULT_EXEMPLAR_USE, type ExemplarUse } from "./exemplars";
import { DEFAULT_FEEDBACK, type FeedbackConfig } from "./feedback";
import { DEFAULT_KATAKANA_USE, type KatakanaUse } from "./katakana";
import { DEFAULT_LEARNED_USE, type LearnedUse } from "./learned";
import { DEFAULT_LEARNED_CJK_USE, type LearnedCjkUse } from "./learned-cjk";
import { DEFAULT_LEXICON_WEIGHTS, type LexiconWeights } from "./lexicon";
import { DEFAULT_NEIGHBOUR_USE, type NeighbourUse } from "./name-neighbours";
import { DEFAULT_NAMED_SERVER_USE, type NamedServerUse } from "./named-servers";
import { DEFAULT_PROPER_NAME_USE, type ProperNameUse } from "./proper-names";
import { DEFAULT_RERANK_USE, type RerankUse } from "./rerank";
import { DEFAULT_SERVER_PROFILES, type ServerProfileUse } from "./server-profiles";
import { DEFAULT_SIBLING_USE, type SiblingUse } from "./siblings";
import { DEFAULT_TECHNIQUES, type SearchTechniques } from "./techniques";
import { DEFAULT_TRANSLATION_LM, type TranslationLmUse } from "./translation-lm";
import { type CjkVectorUse, DEFAULT_CJK_VECTOR_USE, DEFAULT_VECTOR_USE, type VectorUse } from "./word-vectors";
import { DEFAULT_HYPERNYM_CHAIN_USE, DEFAULT_WORDNET_USE, type HypernymChainUse, type WordnetUse } from "./wordnet-use";

/** Every setting of the ranked search (TextRanker): which techniques are on, and each one's weights and limits. */
export interface RankerConfig {
  techniques: SearchTechniques;
  feedback: FeedbackConfig;
  wordnet: WordnetUse;
  hypernymChain: HypernymChainUse;
  associations: AssociationConfig;
  learned: LearnedUse;
  learnedCjk: LearnedCjkUse;
  cjkExamples: CjkExampleUse;
  likelihood: TranslationLmUse;
  entities: EntityUse;
  servers: ServerProfileUse;
  exemplars: ExemplarUse;
  vectors: VectorUse;
  cjkVectors: CjkVectorUse;
  cedict: CedictUse;
  katakana: KatakanaUse;
  actions: ActionUse;
  named: NamedServerUse;
  siblings: SiblingUse;
  neighbours: NeighbourUse;
  compounds: CompoundUse;
  rerank: RerankUse;
  properNames: ProperNameUse;
  clauses: ClauseConfig;
  bm25: Bm25Config;
  lexicon: LexiconWeights;
  /** How much a name made entirely of query words is lifted (score × (1 + nameBonus × coverage)). */
  nameBonus: number;
  prefixWeight: number;
  typoWeight: number;
}

export const DEFAULT_RANKER: RankerConfig = {
  techniques: DEFAULT_TECHNIQUES,
  feedback: DEFAULT_FEEDBACK,
  wordnet: DEFAULT_WORDNET_USE,
  hypernymChain: DEFAULT_HYPERNYM_CHAIN_USE,
  associations: DEFAULT_ASSOCIATIONS,
  learned: DEFAULT_LEARNED_USE,
  learnedCjk: DEFAULT_LEARNED_CJK_USE,
  cjkExamples: DEFAULT_CJK_EXAMPLE_USE,
  likelihood: DEFAULT_TRANSLATION_LM,
  entities: DEFAULT_ENTITY_USE,
  servers: DEFAULT_SERVER_PROFILES,
  exemplars: DEFAULT_EXEMPLAR_USE,
  vectors: DEFAULT_VECTOR_USE,
  cjkVectors: DEFAULT_CJK_VECTOR_USE,
  cedict: DEFAULT_CEDICT_USE,
  katakana: DEFAULT_KATAKANA_USE,
  actions: DEFAULT_ACTION_USE,
  named: DEFAULT_NAMED_SERVER_USE,
  siblings: DEFAULT_SIBLING_USE,
  neighbours: DEFAULT_NEIGHBOUR_USE,
  compounds: DEFAULT_COMPOUND_USE,
  rerank: DEFAULT_RERANK_USE,
  properNames: DEFAULT_PROPER_NAME_USE,
  clauses: DEFAULT_CLAUSES,
  bm25: DEFAULT_BM25,
  lexicon: DEFAULT_LEXICON_WEIGHTS,
  nameBonus: 0.5,
  prefixWeight: 0.5,
  typoWeight: 0.5,
};
