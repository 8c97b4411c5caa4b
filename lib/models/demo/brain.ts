import { blockedCall, blockedCallText } from "@/lib/contracts/blocked-call";
import { CALL_TOOL_NAME } from "@/lib/contracts/call-tool";
import { inferArgs, searchKeywords } from "./args";
import { afterWrite, startWorkspaceTurn } from "./workspace";
import {
  foundDefinitions,
  howToCall,
  prefetchedThisTurn,
  safeArgs,
  searchedTools,
  targetOf,
  type Turn,
} from "./known-tools";
import { type ChatRequest, type DemoReply, messageText, type WireMessage } from "./wire";

/**
 * The offline demo model's whole mind: a deterministic policy over the OpenAI request it receives.
 * It looks for the tool the person needs with tool_search, calls the promoted tool with arguments
 * read from the message, and answers with the result; it says plainly when it cannot help.
 */

const MAX_STEPS_PER_TURN = 6;
const MAX_SEARCHES_PER_TURN = 3;
const RESULT_PREVIEW = 1500;
const DEMO_NOTE = "_(Demo model, offline: deterministic replies, no real language model.)_";

const say = (content: string): DemoReply => ({ content, toolCalls: [] });
const call = (name: string, args: Record<string, unknown>, content = ""): DemoReply => ({
  content,
  toolCalls: [{ name, args }],
});

export function deferredNamesOf(messages: WireMessage[]): string[] {
  const system = messages
    .filter((m) => m.role === "system" || m.role === "developer")
    .map(messageText)
    .join("\n");
  const section = /<available-deferred-tools>\n([\s\S]*?)\n<\/available-deferred-tools>/.exec(system);
  // Only lines that are tool names: a listing by server has summary lines instead.
  return section
    ? section[1]
        .split("\n")
        .map((s) => s.trim())
        .filter((s) => /^[A-Za-z0-9_-]{1,64}$/.exec(s) !== null)
    : [];
}

function toolNameOfResult(turn: Turn, result: WireMessage): string | undefined {
  for (const m of turn.steps) {
    const c = m.tool_calls?.find((tc) => tc.id === result.tool_call_id);
    if (c) return targetOf(c);
  }
  return result.name;
}

function wasRefusedAsDeferred(name: string, deferred: readonly string[], turn: Turn): boolean {
  return deferred.includes(name) && !turn.tools.has(name) && turn.tools.has("tool_search");
}

function calledThisTurn(turn: Turn, name: string): boolean {
  return turn.steps.some((m) => m.tool_calls?.some((c) => targetOf(c) === name));
}

function mentionedName(text: string, names: Iterable<string>): string | undefined {
  const lower = text.toLowerCase();
  let best: string | undefined;
  for (const n of names) {
    if (
      new RegExp(`(^|[^a-z0-9_])${n.toLowerCase().replace(/[-]/g, "\\-")}($|[^a-z0-9_])`).exec(lower) !== null &&
      (!best || n.length > best.length)
    )
      best = n;
  }
  return best;
}

function callWithInferredArgs(turn: Turn, name: string, intro: string): DemoReply {
  const via = howToCall(turn, name);
  const fn = turn.tools.get(name)?.function ?? turn.searched.get(name);
  const { args, missing } = inferArgs(fn?.parameters, turn.userText, name, fn?.description ?? "");
  if (missing.length > 0) {
    const example = Object.fromEntries(missing.map((k) => [k, "…"]));
    return say(
      `I found the tool \`${name}\`, but I could not read ${missing.map((m) => `\`${m}\``).join(", ")} from your message. ` +
        `Send the arguments as JSON, for example: \`${JSON.stringify(example)}\`.\n\n${DEMO_NOTE}`,
    );
  }
  return via === "proxy" ? call(CALL_TOOL_NAME, { name, arguments: args }, intro) : call(name, args, intro);
}

/** What "show me some markdown" gets: every construct the chat renders, for trying the UI offline. */
const MARKDOWN_SAMPLE = [
  "Here is what the chat can render:",
  "",
  "| tool | what it does |",
  "| --- | --- |",
  "| `tool_search` | finds and promotes deferred tools |",
  "| `task` | hands work to a subagent |",
  "",
  "- [x] tables",
  "- [ ] ~~nothing else~~ task lists",
  "",
  "```ts",
  "const answer: number = 12 * (3 + 4); // 84",
  "```",
  "",
  "And math: $$e^{i\\pi} + 1 = 0$$",
  "",
  DEMO_NOTE,
].join("\n");

/** A code fence longer than any backtick run in the text, so a result that holds fences cannot close ours. */
function fenceFor(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  return "`".repeat(Math.max(3, longest + 1));
}

function startTurn(turn: Turn, deferred: string[], prefetched: string[] = []): DemoReply {
  const text = turn.userText.trim();
  if (/\b(show|render|demo)\b.*\bmarkdown\b/i.exec(text)) return say(MARKDOWN_SAMPLE);
  const workspace = startWorkspaceTurn({ userText: turn.userText, tools: new Set(turn.tools.keys()) });
  if (workspace) return workspace;
  const direct = mentionedName(
    text,
    [...turn.tools.keys(), ...turn.searched.keys()].filter(
      (n) => n !== "tool_search" && n !== CALL_TOOL_NAME && howToCall(turn, n) !== null,
    ),
  );
  if (direct) return callWithInferredArgs(turn, direct, `Calling \`${direct}\`.`);
  const delegate = /\b(?:delegate|subagent)\b[^:]*:\s*([\s\S]+)$/i.exec(text);
  if (delegate && turn.tools.has("task")) {
    const prompt = delegate[1].trim();
    return call(
      "task",
      { description: prompt.split(/\s+/).slice(0, 6).join(" "), prompt },
      "I will hand this to a subagent.",
    );
  }
  if (/\bask me\b|\bclarif/i.exec(text) !== null && turn.tools.has("ask_clarification")) {
    const options = /\b(?:which|what)\b[^?]*?\b([\w.-]+)\s+or\s+([\w.-]+)/i.exec(text);
    return call("ask_clarification", {
      question: options
        ? `Which do you want: ${options[1]} or ${options[2]}?`
        : "Could you tell me more about what you need?",
      ...(options ? { options: [options[1], options[2]] } : {}),
    });
  }
  // Prefetch already loaded what the message asks for: use it, no search.
  const ready = prefetched.find((n) => howToCall(turn, n) !== null);
  if (ready) return callWithInferredArgs(turn, ready, `\`${ready}\` is already loaded; calling it.`);
  // tool_search is bound only when something is deferred (a listing by server names no tools).
  if (turn.tools.has("tool_search") && /^(hi|hello|hey|help)\b/i.exec(text) === null) {
    const named = mentionedName(text, deferred);
    const query = named ? `select:${named}` : searchKeywords(text);
    if (query) return call("tool_search", { query }, "Let me look for a tool for that.");
  }
  const toolList = [...turn.tools.keys()].join(", ") || "none";
  return say(
    `Hello! I am Fawn's offline demo model. Ask me for something one of the connected tools can do ` +
      `(${deferred.length} deferred MCP tools are available through tool_search; bound now: ${toolList}). ` +
      `I will search for the tool, load it and call it. Put exact arguments in JSON if you like, e.g. {"a": 1}.\n\n${DEMO_NOTE}`,
  );
}

/** The telling words of `text` (searchKeywords, longer than two letters), in message order. */
function tellingWords(text: string): string[] {
  return searchKeywords(text)
    .split(/\s+/)
    .filter((w) => w.length > 2);
}

/**
 * Which of the callable tools a search loaded to call, as a model reading their names would choose: the one whose
 * name holds the most words of the request ("calculate: 12*(3+4)" → workbench_calculate even when a sum tool
 * ranks above it), the search's order breaking ties; with no name word in common, the search's first.
 */
function pickFound(turn: Turn, callable: readonly string[]): string | undefined {
  const words = new Set(tellingWords(turn.userText));
  let best: string | undefined;
  let bestShared = 0;
  for (const name of callable) {
    const shared = [...new Set(name.toLowerCase().split(/[^a-z0-9]+/))].filter((w) => words.has(w)).length;
    if (shared > bestShared) {
      best = name;
      bestShared = shared;
    }
  }
  return best ?? callable[0];
}

function afterToolSearch(turn: Turn, result: WireMessage): DemoReply {
  const found = foundDefinitions(messageText(result)).map((fn) => fn.name);
  if (found.length === 0) {
    // Like a person would: try again with the single most telling words before giving up.
    const tried = new Set(
      turn.steps
        .flatMap((m) => m.tool_calls ?? [])
        .filter((c) => c.function.name === "tool_search")
        .map((c) => String(safeArgs(c.function.arguments).query ?? "")),
    );
    // Words outside quotes first (quoted text is usually the payload, not the intent), in message order.
    const unquoted = turn.userText.replace(/"[^"]*"|“[^”]*”|`[^`]*`/g, " ");
    const words = [...new Set([...tellingWords(unquoted), ...tellingWords(turn.userText)])];
    const next = words.find((w) => !tried.has(w));
    if (next && tried.size < MAX_SEARCHES_PER_TURN)
      return call("tool_search", { query: next }, "Let me try other words.");
    return say(
      `I searched the deferred tools but found nothing that fits your request, so I cannot help with that here.\n\n${DEMO_NOTE}`,
    );
  }
  const target = pickFound(
    turn,
    found.filter((n) => howToCall(turn, n) !== null && !calledThisTurn(turn, n)),
  );
  if (!target) {
    return say(`I found ${found.map((n) => `\`${n}\``).join(", ")}, but none of them could be called.\n\n${DEMO_NOTE}`);
  }
  return callWithInferredArgs(turn, target, `Found \`${target}\`; calling it.`);
}

function answerWithResult(name: string, result: WireMessage): DemoReply {
  const text = messageText(result);
  const shown =
    text.length > RESULT_PREVIEW
      ? `${text.slice(0, RESULT_PREVIEW)}\n… (${text.length - RESULT_PREVIEW} more characters)`
      : text;
  const fence = fenceFor(shown);
  if (/^Error\b/i.exec(text) !== null || (result as { status?: string }).status === "error") {
    return say(`The tool \`${name}\` reported an error:\n\n${fence}\n${shown}\n${fence}\n\n${DEMO_NOTE}`);
  }
  return say(`Here is what \`${name}\` returned:\n\n${fence}\n${shown}\n${fence}\n\n${DEMO_NOTE}`);
}

/** Images a tool returned reach the model as a user message right after the tool results (see tool-images middleware). */
function imagesAfterTools(messages: WireMessage[]): Array<{ url: string }> {
  const last = messages[messages.length - 1];
  const before = messages[messages.length - 2];
  if (last?.role !== "user" || before?.role !== "tool" || !Array.isArray(last.content)) return [];
  return last.content
    .map((b) => b as { type?: string; image_url?: { url?: string } })
    .filter((b) => b.type === "image_url" && typeof b.image_url?.url === "string")
    .map((b) => ({ url: b.image_url?.url as string }));
}

export function planReply(req: ChatRequest): DemoReply {
  const messages = req.messages;
  const images = imagesAfterTools(messages);
  if (images.length > 0) {
    const described = images.map((img) => {
      const m = /^data:([^;]+);base64,(.*)$/s.exec(img.url);
      return m ? `${m[1]}, about ${Math.round((m[2].length * 3) / 4 / 1024)} KB` : "an image";
    });
    return say(
      `I received ${images.length === 1 ? "the image" : `${images.length} images`} (${described.join("; ")}). As an offline demo model I cannot see what is in it, but a vision model configured in config.yaml would.\n\n${DEMO_NOTE}`,
    );
  }
  let u = messages.length - 1;
  while (u >= 0 && messages[u].role !== "user") u--;
  const turn: Turn = {
    userText: u >= 0 ? messageText(messages[u]) : "",
    steps: messages.slice(u + 1),
    tools: new Map((req.tools ?? []).map((t) => [t.function.name, t])),
    searched: searchedTools(messages),
  };
  const deferred = deferredNamesOf(messages);
  const last = messages[messages.length - 1];
  if (!last || last.role === "user") return startTurn(turn, deferred);
  const prefetched = prefetchedThisTurn(turn);
  if (prefetched) return startTurn(turn, deferred, prefetched);
  if (turn.steps.filter((m) => m.role === "assistant").length >= MAX_STEPS_PER_TURN) {
    return say(`I have taken ${MAX_STEPS_PER_TURN} steps on this request and will stop here.\n\n${DEMO_NOTE}`);
  }
  if (last.role !== "tool") return say(`I have nothing more to add.\n\n${DEMO_NOTE}`);
  const name = toolNameOfResult(turn, last) ?? "tool";
  // A model sees only text (a result's artifact is not sent), so the refusal is read from the request's
  // structure: a call to a deferred tool that is not bound now was refused by the deferred-tool filter.
  // Through call_tool no tool is ever bound, so structure cannot tell: the refusal is the filter's own text.
  const viaProxy = turn.steps.some((m) =>
    m.tool_calls?.some((c) => c.id === last.tool_call_id && c.function.name === CALL_TOOL_NAME),
  );
  const refusedByProxy = viaProxy && messageText(last) === blockedCallText(name);
  if ((refusedByProxy || wasRefusedAsDeferred(name, deferred, turn)) && !calledThisTurn(turn, "tool_search")) {
    return call("tool_search", { query: blockedCall(name).query }, `\`${name}\` needs to be loaded first.`);
  }
  if (name === "tool_search") return afterToolSearch(turn, last);
  const rejected = /^The user rejected this call to \S+, so it did not run\.(?: Their reason: "([\s\S]*)"\.)?/.exec(
    messageText(last),
  );
  if (rejected) {
    const said = rejected[1] ? ` You said: "${rejected[1]}".` : "";
    return say(`Understood: \`${name}\` did not run.${said} Tell me what to do instead.\n\n${DEMO_NOTE}`);
  }
  if (
    name === "write_file" &&
    (last as { status?: string }).status !== "error" &&
    /^Error\b/.exec(messageText(last)) === null
  ) {
    const writeCall = turn.steps.flatMap((m) => m.tool_calls ?? []).find((c) => c.id === last.tool_call_id);
    const next = afterWrite(
      { userText: turn.userText, tools: new Set(turn.tools.keys()) },
      String(safeArgs(writeCall?.function.arguments ?? "{}").path ?? ""),
    );
    if (next) return next;
  }
  if (name === "ask_clarification")
    return say(`Thanks! ${messageText(last).replace(/^The user answered:\s*/, "You chose: ")}\n\n${DEMO_NOTE}`);
  return answerWithResult(name, last);
}
