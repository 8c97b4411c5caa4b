import { ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { Command } from "@langchain/langgraph";
import { z } from "zod";
import { CALL_TOOL_NAME } from "@/lib/contracts/call-tool";
import type { ToolBinding } from "@/lib/contracts/inventory";
import type { CatalogEntry, ScoredEntry, ToolCatalog } from "./catalog";
import type { HybridSearch } from "./hybrid";
import { type ClosestName, closestNames, closestText, hintsForWeakMatch, serversText } from "./closest";
import { PROMOTE_ALL, type PromotionPolicy, planPromotion, promoteUpdate, searchResultText } from "./promotion";
import { newSearchBudget, REGEX_STEP_BUDGET, type SearchBudget, SearchQueryError } from "./search";
import { collectAlternatives, fuseAlternatives, MAX_ALTERNATIVES } from "./search/alternatives";
import { isCutRequest, MAX_QUERY_LENGTH, type ParsedQuery, parseQuery } from "./search/query-modes";
import {
  type ScopedAlternative,
  scopeAlternative,
  serverTools,
  serverToolsText,
  unknownServerText,
} from "./server-query";

export const TOOL_SEARCH_NAME = "tool_search";

/**
 * What the model reads about tool_search: every query form it accepts, what each searches, and the cap of one call
 * (`maxResults`, the app's `tool_search.max_results`). In the cache-stable mode (`proxy`) the tools found are not
 * bound: they are called through call_tool.
 */
export function toolSearchDescription(maxResults: number, binding?: ToolBinding): string {
  const after =
    binding === "proxy"
      ? `from your next step, call the tools found through ${CALL_TOOL_NAME}(name, arguments).`
      : "the tools found become callable from your next step.";
  return (
    "Load the schemas of deferred tools (listed in <available-deferred-tools>) so you can call them. " +
    'Query forms: "select:name_a,name_b" picks exact names (for a name that does not exist, the closest tools, ' +
    'and the answer says so); "server:NAME" loads a small server\'s tools or lists a large one\'s, "server:NAME words" ' +
    'searches that server only; "+term more words" requires term in the name or server and ranks by the rest; ' +
    "anything else is a keyword search (plain words in any language, or a regex over names and descriptions); " +
    '"a | b", or more phrasings in `queries`, searches each. ' +
    `Returns at most ${maxResults} tool definition${maxResults === 1 ? "" : "s"} a call; ${after}`
  );
}

export const ToolSearchArgsSchema = z.object({
  query: z
    .string()
    .describe(
      'What to look for: "select:exact_name", "+github issue", or keywords such as "list files in a directory".',
    ),
  queries: z
    .array(z.string())
    .max(MAX_ALTERNATIVES - 1)
    .optional()
    .describe("Other phrasings, searched too"),
});

export function noToolsFoundText(query: string, closest: readonly ClosestName[] = [], servers = ""): string {
  const base = `No tools found for "${query}". Try other keywords, a shorter query, or "select:" with a name from <available-deferred-tools>.`;
  const near = closest.length > 0 ? ` Closest tool names (not loaded): ${closestText(closest)}.` : "";
  const byServer = servers ? ` Servers (tools), searchable as "server:NAME words": ${servers}.` : "";
  return base + near + byServer;
}

type QueryResult = { found: ScoredEntry[] } | { text: string; status: "success" | "error" };

/** What one alternative finds: scored entries, or a text answer that promotes nothing (a server listing, an error). */
async function runQuery(
  catalog: ToolCatalog,
  { text, scope }: ScopedAlternative,
  maxResults: number,
  budget: SearchBudget,
  hybrid?: HybridSearch,
): Promise<QueryResult> {
  if (scope) {
    if (scope.server === null) return { text: unknownServerText(catalog, scope.asked), status: "error" };
    if (!text) {
      // A server with no more tools than one answer holds is loaded whole, which saves the model a `select:` call;
      // a bigger one is listed, nothing loaded.
      const tools = serverTools(catalog, scope.server);
      if (tools.length > 0 && tools.length <= maxResults)
        return { found: tools.map((entry) => ({ entry, score: null })) };
      return { text: serverToolsText(scope.server, tools), status: "success" };
    }
    return { found: catalog.searchScored(text, maxResults, scope.server, budget) };
  }
  if (hybrid)
    return { found: (await hybrid.search(text, maxResults, budget)).map((entry) => ({ entry, score: null })) };
  return { found: catalog.searchScored(text, maxResults, undefined, budget) };
}

/** Several alternatives' results as one list, best first (see fuseAlternatives). */
function fuseFound(catalog: ToolCatalog, lists: ReadonlyArray<readonly ScoredEntry[]>, limit: number): ScoredEntry[] {
  return fuseAlternatives(
    lists.map((l) => l.map((f) => ({ name: f.entry.name, score: f.score }))),
    limit,
  )
    .map((r) => ({ entry: catalog.get(r.name), score: r.score }))
    .filter((f): f is ScoredEntry => f.entry !== undefined);
}

/**
 * A note for each alternative the parser cut to its first words (a long request pasted whole, query-modes.ts);
 * `parsed` as findTools returns it.
 */
export function cutNotes(parsed: readonly ParsedQuery[]): string[] {
  return parsed.flatMap((p) =>
    isCutRequest(p)
      ? [
          `The query is ${p.cutFrom} characters long; only its first ${MAX_QUERY_LENGTH} were searched. For more precise results, search a few keywords for each tool you need.`,
        ]
      : [],
  );
}

/**
 * What the answer must say of its `select:` alternatives: the names no tool has (what was loaded for them are the
 * closest tools, guesses), and the tools named exactly that one call's cap left out. `found` as answer() has it.
 */
export function selectNotes(
  catalog: ToolCatalog,
  parsed: readonly ParsedQuery[],
  found: readonly ScoredEntry[],
  maxResults: number,
): string[] {
  const names = parsed.flatMap((p) => (p.mode === "select" ? p.names : []));
  if (names.length === 0) return [];
  const loaded = new Set(found.map((f) => f.entry.name));
  const unknown: string[] = [];
  const named = new Set<string>();
  const left: string[] = [];
  for (const n of names) {
    const tool = catalog.selectName(n);
    if (tool === undefined) unknown.push(n);
    else {
      named.add(tool);
      if (!loaded.has(tool) && !left.includes(tool)) left.push(tool);
    }
  }
  const quoted = (xs: readonly string[]) => xs.map((x) => JSON.stringify(x)).join(", ");
  const notes: string[] = [];
  if (unknown.length > 0) {
    const guesses = found.map((f) => f.entry.name).filter((n) => !named.has(n));
    notes.push(
      `No tool is named ${quoted(unknown)}` +
        (guesses.length > 0 ? `; loaded instead, as the closest: ${quoted(guesses)}.` : "."),
    );
  }
  if (left.length > 0)
    notes.push(
      `Not loaded, as one call loads at most ${maxResults} tools: ${quoted(left)}; select them in another call.`,
    );
  return notes;
}

/**
 * A `+term` no tool's name or server holds is searched as plain words (searcher.ts): the answer says so, so the
 * model does not take the results for tools that have the term.
 */
export function plusNotes(catalog: ToolCatalog, parsed: readonly ParsedQuery[]): string[] {
  return parsed.flatMap((p) => {
    if (p.mode !== "plus" || catalog.holdsPlusTerm(p.term)) return [];
    return [
      `No tool name or server contains "${p.term}"; these results are a plain search of "${`${p.term} ${p.rest}`.trim()}".`,
    ];
  });
}

/**
 * A pattern that matches no tool's name or description is searched as its words (searcher.ts): the answer says
 * so, so the model does not take the results for tools that match it. `found` is each alternative's own results,
 * in the order of `parsed` (undefined for one answered in text).
 */
export function patternNotes(
  catalog: ToolCatalog,
  parsed: readonly ParsedQuery[],
  found: ReadonlyArray<readonly ScoredEntry[] | undefined>,
  budget: SearchBudget,
): string[] {
  return parsed.flatMap((p, i) => {
    const own = found[i];
    if (p.mode !== "regex" || !own || own.length === 0) return [];
    const names = own.map((f) => f.entry.name);
    // Its own budget: the search's may be spent. A check that spends this one says nothing rather than guess.
    const check = { left: REGEX_STEP_BUDGET / 4 };
    if (catalog.patternMatchesAny(p.pattern, names, check) || check.left <= 0) return [];
    if (budget.left <= 0)
      return [
        `The pattern "${p.pattern}" was stopped at its step limit before it matched a tool; these results are a plain search of its words.`,
      ];
    return [
      `No tool's name or description matches the pattern "${p.pattern}"; these results are a plain search of its words.`,
    ];
  });
}

/** What a tool_search query finds, before the promotion policy decides what is loaded. */
export interface FoundTools {
  /** The call's alternatives (`query`, its ` | ` parts, `queries`), each with its `server:` scope. */
  alternatives: ScopedAlternative[];
  /** Each alternative as the parser read it, in the same order (checked before any search ran). */
  parsed: ParsedQuery[];
  /** Every alternative's results fused, best first, at most `maxResults`. */
  found: ScoredEntry[];
  /** The alternatives answered in text instead (a server's listing, an unknown server), in order. */
  texts: Array<{ text: string; status: "success" | "error" }>;
  /** Each alternative's own results before fusion, in the order of `parsed` (undefined: answered in text). */
  own: Array<ScoredEntry[] | undefined>;
  /** The pattern budget the searches spent from, for any further search of the same call. */
  budget: SearchBudget;
}

/**
 * The one place a query's alternatives are split, searched and fused (tool_search, `fawn search`). Every
 * alternative is checked before any search runs: one bad alternative refuses the call (SearchQueryError).
 * One pattern budget serves the whole call, so alternatives cannot multiply a hostile pattern's cost.
 */
export async function findTools(
  catalog: ToolCatalog,
  query: string,
  queries: readonly string[],
  maxResults: number,
  hybrid?: HybridSearch,
): Promise<FoundTools> {
  const alternatives = collectAlternatives(query, queries).map((raw) => scopeAlternative(catalog, raw));
  const parsed = alternatives.map((a) => parseQuery(a.text || a.raw));
  const budget = newSearchBudget();
  const results = await Promise.all(alternatives.map((a) => runQuery(catalog, a, maxResults, budget, hybrid)));
  const texts = results.filter((r): r is Extract<QueryResult, { text: string }> => "text" in r);
  const lists = results.filter((r): r is Extract<QueryResult, { found: ScoredEntry[] }> => "found" in r);
  const found = fuseFound(
    catalog,
    lists.map((l) => l.found),
    maxResults,
  );
  const own = results.map((r) => ("found" in r ? r.found : undefined));
  return { alternatives, parsed, found, texts, own, budget };
}

/**
 * Every note an answer carries on how its alternatives were read: text answers (a server's listing, an unknown
 * server), requests cut to their first words, and when tools were found, `select:` names no tool has or the cap
 * left out, a `+term` no name holds, a pattern nothing matches. tool_search and `fawn search` say the same.
 */
export function answerNotes(catalog: ToolCatalog, found: FoundTools, maxResults: number): string[] {
  const notes = [...found.texts.map((t) => t.text), ...cutNotes(found.parsed)];
  if (found.found.length === 0) return notes;
  return [
    ...notes,
    ...selectNotes(catalog, found.parsed, found.found, maxResults),
    ...plusNotes(catalog, found.parsed),
    ...patternNotes(catalog, found.parsed, found.own, found.budget),
  ];
}

/** The answer to one call: every alternative searched, results fused, weak or empty answers made useful. */
async function answer(
  catalog: ToolCatalog,
  query: string,
  queries: readonly string[],
  maxResults: number,
  policy: PromotionPolicy,
  hybrid?: HybridSearch,
): Promise<{ content: string; status: "success" | "error"; promote: CatalogEntry[] }> {
  const result = await findTools(catalog, query, queries, maxResults, hybrid);
  const { alternatives, parsed, found, texts, budget } = result;
  // One alternative answered in text (a server listing, an unknown server): as before, that text alone.
  if (alternatives.length === 1 && texts.length === 1)
    return { content: texts[0]!.text, status: texts[0]!.status, promote: [] };
  const notes = answerNotes(catalog, result, maxResults);
  if (found.length === 0) {
    const closest = closestNames(catalog, alternatives, new Set(), budget);
    // A long request is echoed as far as it was searched, with the server it was scoped to.
    const echoed = alternatives.map((a, i) => {
      const p = parsed[i]!;
      if (!isCutRequest(p)) return a.raw;
      return `${a.scope ? `server:${a.scope.asked} ` : ""}${p.text}…`;
    });
    const text = noToolsFoundText(echoed.join(" | "), closest, serversText(catalog));
    return { content: [text, ...notes].join("\n"), status: "success", promote: [] };
  }
  const plan = planPromotion(found, policy, (n) => catalog.tokens(n));
  const closest = hintsForWeakMatch(catalog, alternatives, found, budget);
  // As the design returns them: the OpenAI function of each match ({name, description, parameters}).
  return { content: searchResultText(plan, { closest, notes }), status: "success", promote: plan.promote };
}

export interface ToolSearchHooks {
  /** Called with the names a search promotes (lazy MCP servers start on it). */
  onPromote?: (names: readonly string[]) => void;
  /** `proxy`: promoted tools are called through call_tool, and the description says so. */
  binding?: ToolBinding;
}

/**
 * tool_search: answer with the matched tools' OpenAI function definitions and promote them in the
 * thread state (a Command through the `promoted` reducer), each keyed to its own schema hash.
 * Weak matches and what would not fit the budget are named but not promoted (see promotion.ts).
 * Several alternatives (`queries`, or `a | b`) are searched alike and fused, within the same cap.
 */
export function createToolSearchTool(
  catalog: ToolCatalog,
  maxResults: number,
  hybrid?: HybridSearch,
  policy: PromotionPolicy = PROMOTE_ALL,
  hooks: ToolSearchHooks = {},
) {
  return tool(
    async ({ query, queries }, config) => {
      const toolCallId = config.toolCall?.id ?? "";
      let content: string;
      let promote: CatalogEntry[] = [];
      let status: "success" | "error" = "success";
      try {
        ({ content, status, promote } = await answer(catalog, query, queries ?? [], maxResults, policy, hybrid));
      } catch (e) {
        if (!(e instanceof SearchQueryError)) throw e;
        content = `Error: ${e.message}`;
        status = "error";
      }
      const message = new ToolMessage({ content, tool_call_id: toolCallId, name: TOOL_SEARCH_NAME, status });
      const update: Record<string, unknown> = { messages: [message] };
      if (promote.length > 0) {
        update.promoted = promoteUpdate(catalog, promote, policy.budget);
        hooks.onPromote?.(promote.map((e) => e.name));
      }
      return new Command({ update });
    },
    {
      name: TOOL_SEARCH_NAME,
      description: toolSearchDescription(maxResults, hooks.binding),
      schema: ToolSearchArgsSchema,
    },
  );
}
