import { describe, expect, it } from "vitest";
import { buildTimeline, type ChatMessage } from "./timeline";
import { buildTurns, callDurations, earlierUnansweredTurns, isPinned, unansweredTurn } from "./turns";

const calc: ChatMessage[] = [
  { type: "human", id: "h1", content: "calculate: 12*(3+4)" },
  {
    type: "ai",
    id: "a1",
    content: "Let me look for a tool for that.",
    tool_calls: [{ id: "s1", name: "tool_search", args: { query: "calculate" } }],
  },
  { type: "tool", id: "t1", tool_call_id: "s1", content: "[]", status: "success" },
  {
    type: "ai",
    id: "a2",
    content: "",
    tool_calls: [{ id: "c1", name: "workbench_calculate", args: { e: "12*(3+4)" } }],
  },
  { type: "tool", id: "t2", tool_call_id: "c1", content: "84", status: "success" },
  { type: "ai", id: "a3", content: "It is 84." },
  { type: "human", id: "h2", content: "hello" },
  { type: "ai", id: "a4", content: "Hi!" },
];

describe("buildTurns", () => {
  it("folds a turn's tool calls and narration into one steps group before the answer", () => {
    const items = buildTurns(buildTimeline(calc, { loading: false, interrupted: false }));
    expect(items.map((i) => i.kind)).toEqual(["human", "steps", "answer", "human", "answer"]);
    const steps = items[1];
    if (steps?.kind !== "steps") throw new Error("no steps");
    expect(steps.summary).toEqual({ count: 2, names: ["tool_search", "workbench_calculate"], status: "ok" });
    expect(steps.steps.map((s) => (s.kind === "note" ? `note:${s.text}` : `call:${s.call.name}`))).toEqual([
      "note:Let me look for a tool for that.",
      "call:tool_search",
      "call:workbench_calculate",
    ]);
    const answer = items[2];
    expect(answer).toMatchObject({ kind: "answer", text: "It is 84.", messageId: "a3", turn: 0 });
    expect(items[4]).toMatchObject({ kind: "answer", text: "Hi!", turn: 1, calls: [] });
    expect(items[0]).toMatchObject({ kind: "human", messageId: "h1", aiMessageIds: ["a1", "a2", "a3"] });
  });

  it("shows a running call in the group, with the group running, and no answer yet", () => {
    const items = buildTurns(buildTimeline(calc.slice(0, 4), { loading: true, interrupted: false }));
    expect(items.map((i) => i.kind)).toEqual(["human", "steps"]);
    const steps = items[1];
    expect(steps?.kind === "steps" && steps.summary.status).toBe("running");
  });

  it("keeps an answer that is still streaming as the answer", () => {
    const items = buildTurns(
      buildTimeline([calc[0] as ChatMessage, { type: "ai", id: "x", content: "Hel" }], {
        loading: true,
        interrupted: false,
      }),
    );
    expect(items.map((i) => i.kind)).toEqual(["human", "answer"]);
  });

  it("pins searches, subagents and failures; tucks the rest away", () => {
    const base = { id: "x", args: {}, status: "ok" as const };
    expect(isPinned({ ...base, name: "tool_search" })).toBe(true);
    expect(isPinned({ ...base, name: "task" })).toBe(true);
    expect(isPinned({ ...base, name: "workbench_calculate", status: "error" })).toBe(true);
    expect(isPinned({ ...base, name: "workbench_calculate", status: "blocked" })).toBe(true);
    expect(isPinned({ ...base, name: "workbench_calculate" })).toBe(false);
    expect(isPinned({ ...base, name: "ask_clarification", status: "waiting" })).toBe(false);
  });
});

describe("callDurations", () => {
  it("measures each call between the checkpoints that first hold the call and its result", () => {
    const msgs = (n: number) => ({ messages: calc.slice(0, n) });
    const history = [
      { created_at: "2026-12-01T10:00:06.500Z", values: msgs(5) },
      { created_at: "2026-12-01T10:00:00.500Z", values: msgs(4) },
      { created_at: "2026-12-01T10:00:00.300Z", values: msgs(3) },
      { created_at: "2026-12-01T10:00:00.100Z", values: msgs(2) },
    ];
    const d = callDurations(history);
    expect(d.get("s1")).toBe(200);
    expect(d.get("c1")).toBe(6000);
  });

  it("gives no figure for a call older than the history it was given", () => {
    expect(callDurations([{ created_at: "2026-12-01T10:00:00Z", values: { messages: calc.slice(0, 3) } }]).size).toBe(
      0,
    );
  });
});

describe("unansweredTurn", () => {
  const turns = (messages: ChatMessage[]) =>
    buildTurns(buildTimeline(messages, { loading: false, interrupted: false }));

  it("names the last human message when its run stopped after some steps or failed before any", () => {
    // Stopped after the search: steps, no answer.
    expect(unansweredTurn(turns(calc.slice(0, 3)))).toEqual({ turn: 0, messageId: "h1" });
    // Failed at the first model call: the question alone, after an answered turn.
    expect(unansweredTurn(turns([...calc.slice(0, 6), { type: "human", id: "h9", content: "again" }]))).toEqual({
      turn: 1,
      messageId: "h9",
    });
  });

  it("is null when the last turn has its answer, and for an empty thread", () => {
    expect(unansweredTurn(turns(calc))).toBeNull();
    expect(unansweredTurn(turns(calc.slice(0, 6)))).toBeNull();
    expect(unansweredTurn([])).toBeNull();
  });
});

describe("earlierUnansweredTurns", () => {
  const turns = (messages: ChatMessage[]) =>
    buildTurns(buildTimeline(messages, { loading: false, interrupted: false }));
  const question = (id: string): ChatMessage => ({ type: "human", id, content: `question ${id}` });

  it("marks every stopped turn before the last, after its last item, and not the last one", () => {
    // Three questions stopped before any answer, then one more: each of the first three keeps its mark.
    const items = turns([question("a"), question("b"), question("c"), question("d")]);
    const marked = earlierUnansweredTurns(items);
    expect([...marked]).toEqual(items.slice(0, 3).map((i) => i.key));
    // One stopped after its steps: marked after the steps, not after the question.
    const stepped = turns([...calc.slice(0, 3), ...calc.slice(0, 6).map((m) => ({ ...m, id: `${m.id ?? ""}x` }))]);
    const key = [...earlierUnansweredTurns(stepped)][0];
    expect(stepped.find((i) => i.key === key)?.kind).toBe("steps");
  });

  it("marks nothing when every earlier turn has its answer", () => {
    expect(earlierUnansweredTurns(turns(calc)).size).toBe(0);
    expect(earlierUnansweredTurns(turns([...calc, question("z")])).size).toBe(0);
    expect(earlierUnansweredTurns([]).size).toBe(0);
  });
});
