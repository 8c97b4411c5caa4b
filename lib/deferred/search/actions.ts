import path from "node:path";
import { z } from "zod";
import { unpackInt8Rows } from "./int8-rows";
import { parseJsonText, readOnce } from "./json-text";
import { stem } from "./stem";
import { STOPWORDS } from "./tokenize";

/**
 * The action a request asks for (the `actions` technique). A catalog's tools of one server mostly act on the same
 * things in different ways (list, create, update, delete one), and a request's object words find the server
 * while its way of asking tells which of them it wants: "what workspaces are in the org" lists, "put the
 * standups on my calendar" creates, "cancel the one-on-ones" deletes. A classifier learned from the training
 * requests (actions-learn.ts) reads the whole request, question words and word order included, and gives the
 * chance of each action word an operation's description starts with; the ranker lifts its first candidates
 * whose own description starts with a likely action, and lowers those with an unlikely one (reorder.ts,
 * reorderByAction). The classes are the training operations' own words, so nothing here names an action by hand.
 */
export interface ActionUse {
  /** A candidate gains up to ± `weight` × the best candidate's score. */
  weight: number;
  /** How many of the final ranking's first results are reordered (nothing enters or leaves them). */
  window: number;
  /**
   * The lift is log(P(action | request) / P(action)) / `clip`, kept within ±1: an action `clip` nats likelier
   * than usual gets the whole lift.
   */
  clip: number;
  /**
   * How far down the ranking the first result's server's other tools are read: those among the first `siblings`
   * results (past the window) join the window's reorder and may take any place in it but the first, so a tool of
   * the right server with the right action is not kept out by its siblings with the wrong one. 0 (or at most
   * `window`): none join.
   */
  siblings: number;
}

export const DEFAULT_ACTION_USE: ActionUse = { weight: 0.075, window: 5, clip: 3, siblings: 10 };

/** The class of every description that starts with no action word the training operations use often. */
export const ACTION_OTHER = "~other";

const WORD = /[a-z]+/g;

/**
 * A description's action word: its first word (stemmed) that is neither a function word nor a word of its
 * server's or source's name ("Notion | Retrieve a block" → retriev). "" when it has none.
 */
export function actionWord(description: string, server = ""): string {
  const own = server === "" ? null : new Set(server.toLowerCase().match(WORD));
  // Word by word from the start: a description is read only as far as its action word (a build reads thousands).
  const words = new RegExp(WORD.source, "gi");
  for (let m = words.exec(description); m !== null; m = words.exec(description)) {
    const w = m[0].toLowerCase();
    if (STOPWORDS.has(w) || own?.has(w)) continue;
    return stem(w);
  }
  return "";
}

/**
 * What the classifier reads of a request: each word (ASCII letters, stemmed; function and question words kept,
 * since "what … are" asks for a list and "make" for a new thing), the first word and the first two, each two
 * neighbouring words, and whether it asks a question. Deduplicated.
 */
export function requestFeatures(text: string): string[] {
  const words = (text.toLowerCase().match(WORD) ?? []).map(stem);
  const out = words.map((w) => `w:${w}`);
  if (words[0]) out.push(`f:${words[0]}`);
  if (words[1]) out.push(`f2:${words[0]}_${words[1]}`);
  for (let i = 1; i < words.length; i++) out.push(`b:${words[i - 1]}_${words[i]}`);
  if (text.includes("?")) out.push("q?");
  return [...new Set(out)];
}

/** p ← softmax(bias + Σ the features' rows). */
export function softmaxInto(
  bias: ArrayLike<number>,
  weights: ArrayLike<number>,
  features: readonly number[],
  classes: number,
  p: Float64Array,
): void {
  for (let c = 0; c < classes; c++) p[c] = bias[c]!;
  for (const f of features) for (let c = 0; c < classes; c++) p[c]! += weights[f * classes + c]!;
  let max = -Infinity;
  for (let c = 0; c < classes; c++) max = Math.max(max, p[c]!);
  let sum = 0;
  for (let c = 0; c < classes; c++) {
    p[c] = Math.exp(p[c]! - max);
    sum += p[c]!;
  }
  for (let c = 0; c < classes; c++) p[c]! /= sum;
}

/** learned-actions.json: the classes, their shares of the training requests, and the weights as bytes. */
export interface ActionTable {
  classes: string[];
  prior: number[];
  bias: number[];
  features: string[];
  /** One per feature: its row's bytes × this are its weights. */
  scales: number[];
  /** `features.length × classes.length` signed bytes, base64. */
  bytes: string;
}

/** The learned classifier, as loaded. */
export class ActionModel {
  readonly classes: readonly string[];
  private readonly classIndex: Map<string, number>;
  private readonly logPrior: Float64Array;
  private readonly bias: Float64Array;
  private readonly featureIndex: Map<string, number>;
  private readonly weights: Float32Array;

  constructor(table: ActionTable, file = "learned-actions.json") {
    const C = table.classes.length;
    if (C < 2 || table.classes[C - 1] !== ACTION_OTHER)
      throw new Error(`${file}: "classes" must end with "${ACTION_OTHER}" and hold at least one action`);
    if (table.prior.length !== C || table.bias.length !== C)
      throw new Error(`${file}: ${table.prior.length} priors and ${table.bias.length} biases for ${C} classes`);
    const bytes = new Int8Array(Buffer.from(table.bytes, "base64"));
    if (bytes.length !== table.features.length * C || table.scales.length !== table.features.length)
      throw new Error(
        `${file}: ${bytes.length} bytes and ${table.scales.length} scales for ${table.features.length} features of ${C} classes`,
      );
    this.classes = table.classes;
    this.classIndex = new Map(table.classes.map((c, i) => [c, i]));
    // A class no training request asked for has no usable share; it is treated as rare, not impossible.
    this.logPrior = Float64Array.from(table.prior, (p) => Math.log(Math.max(p, 1e-6)));
    this.bias = Float64Array.from(table.bias);
    this.featureIndex = new Map(table.features.map((f, i) => [f, i]));
    this.weights = unpackInt8Rows(bytes, table.scales, C);
  }

  /** The class of a tool: its description's action word if that is a class, else the other one. */
  classOf(description: string, server = ""): number {
    return this.classIndex.get(actionWord(description, server)) ?? this.classes.length - 1;
  }

  /** P(class | request) for every class. */
  probabilities(request: string): Float64Array {
    const features: number[] = [];
    for (const f of requestFeatures(request)) {
      const i = this.featureIndex.get(f);
      if (i !== undefined) features.push(i);
    }
    const p = new Float64Array(this.classes.length);
    softmaxInto(this.bias, this.weights, features, this.classes.length, p);
    return p;
  }

  /** How much likelier than usual the request makes a class: log(P(class | request) / P(class)) / clip, in ±1. */
  lift(p: Float64Array, cls: number, clip: number): number {
    const l = (Math.log(Math.max(p[cls]!, 1e-12)) - this.logPrior[cls]!) / clip;
    return Math.min(1, Math.max(-1, l));
  }
}

/** Not yet read: classes are far fewer. */
const UNREAD = 0xffff;

/**
 * Each tool's action class, read from its description the first time a ranking asks for it: only the few tools
 * a search reorders ever are, so a build reads none.
 */
export class ToolActionClasses {
  private readonly classes: Uint16Array;

  constructor(
    readonly model: ActionModel,
    private readonly descriptions: readonly string[],
    private readonly servers: readonly string[],
  ) {
    this.classes = new Uint16Array(descriptions.length).fill(UNREAD);
  }

  /** The tool's server ("" for none). */
  serverOf(index: number): string {
    return this.servers[index] ?? "";
  }

  of(index: number): number {
    let c = this.classes[index]!;
    if (c === UNREAD) {
      c = this.model.classOf(this.descriptions[index]!, this.servers[index]);
      this.classes[index] = c;
    }
    return c;
  }
}

/** The shipped classifier (scripts/learn-associations.ts writes it), relative to the app's root as WordNet's is. */
export const ACTIONS_FILE = path.join("lib", "deferred", "search", "learned-actions.json");

const ActionTableSchema = z.object({
  classes: z.array(z.string()),
  prior: z.array(z.number().min(0).max(1)),
  bias: z.array(z.number()),
  features: z.array(z.string()),
  scales: z.array(z.number().positive()),
  bytes: z.string(),
});

/** An actions file's text → the model, or an error naming the file and what is wrong. */
export function parseActionModel(text: string, file: string): ActionModel {
  return new ActionModel(
    parseJsonText(text, file, ActionTableSchema, (at) => `field "${at}"`),
    file,
  );
}

/**
 * The shipped classifier, read on first use and kept for the process (the first root read is the one kept): a
 * search with the technique off never loads it.
 */
export const getActions = readOnce(ACTIONS_FILE, parseActionModel);
