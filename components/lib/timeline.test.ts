import { describe, expect, it } from "vitest";
import { blockedCall, blockedCallText } from "@/lib/contracts/blocked-call";
import { CALL_TOOL_NAME } from "@/lib/contracts/call-tool";
import { buildTimeline, calledTool, firstHumanText, resultStatus, type ChatMessage } from "./timeline";

const live = { loading: true, interrupted: false };
const idle = { loading: false, interrupted: false };

const human: ChatMessage = { type: "human", id: "h1", content: "find me a tool" };
const ai: ChatMessage = {
  type: "ai",
  id: "a1",
  content: "Searching.",
  tool_calls: [
    { id: "c1", name: "tool_search", args: { query: "memory" } },
    { id: "c2", name: "memory_read_graph", args: {} },
  ],
};

describe("buildTimeline", () => {
  it("keeps unanswered calls inside the AI message as running", () => {
    const rows = buildTimeline([human, ai], live);
    expect(rows.map((r) => r.kind)).toEqual(["human", "ai"]);
    const aiRow = rows[1];
    expect(aiRow.kind === "ai" && aiRow.pendingCalls.map((c) => [c.name, c.status])).toEqual([
      ["tool_search", "running"],
      ["memory_read_graph", "running"],
    ]);
  });

  it("moves an answered call to its ToolMessage, with name and args from the AI message", () => {
    const tool: ChatMessage = { type: "tool", id: "t1", tool_call_id: "c1", content: "[]", status: "success" };
    const rows = buildTimeline([human, ai, tool], live);
    expect(rows.map((r) => r.kind)).toEqual(["human", "ai", "tool"]);
    const aiRow = rows[1];
    expect(aiRow.kind === "ai" && aiRow.pendingCalls.map((c) => c.id)).toEqual(["c2"]);
    expect(rows[2]).toEqual({
      kind: "tool",
      key: "t1",
      call: { id: "c1", name: "tool_search", args: { query: "memory" }, status: "ok", result: "[]" },
    });
  });

  it("marks a deferred, unpromoted call as blocked and other errors as error", () => {
    const blocked: ChatMessage = {
      type: "tool",
      id: "t2",
      tool_call_id: "c2",
      status: "error",
      content: blockedCallText("memory_read_graph"),
      artifact: blockedCall("memory_read_graph"),
    };
    const failed: ChatMessage = { ...blocked, id: "t3", content: "Error: server crashed", artifact: undefined };
    const rows = buildTimeline([human, ai, blocked, failed], idle);
    expect(rows.slice(2).map((r) => r.kind === "tool" && r.call.status)).toEqual(["blocked", "error"]);
  });

  it("reads the filter's marker, not the text: quoting the words is not a block", () => {
    const text = blockedCallText("x");
    expect(resultStatus({ status: "error", artifact: blockedCall("x") })).toBe("blocked");
    // A tool whose error (or successful result) merely repeats the wording is not refused by the filter.
    expect(resultStatus({ status: "error", artifact: undefined })).toBe("error");
    expect(resultStatus({ status: "success", artifact: blockedCall("x") })).toBe("ok");
    expect(resultStatus({ status: "error", artifact: { kind: "something_else", tool: "x" } })).toBe("error");
    expect(text).toMatch(/^Error: Tool x is deferred and has not been promoted yet\. Call tool_search first/);
  });

  it("says stopped or waiting for unanswered calls when no run is streaming", () => {
    const stopped = buildTimeline([ai], idle)[0];
    expect(stopped.kind === "ai" && stopped.pendingCalls[0].status).toBe("stopped");
    const waiting = buildTimeline([ai], { loading: false, interrupted: true })[0];
    expect(waiting.kind === "ai" && waiting.pendingCalls[0].status).toBe("waiting");
  });

  it("shows invalid tool calls as errors and orphan results by their own name", () => {
    const bad: ChatMessage = {
      type: "ai",
      id: "a2",
      content: "",
      invalid_tool_calls: [{ id: "c9", name: "fs_write", args: "{oops", error: "bad JSON" }],
    };
    const orphan: ChatMessage = { type: "tool", id: "t9", tool_call_id: "zz", name: "echo", content: "hi" };
    const rows = buildTimeline([bad, orphan], idle);
    expect(rows[0].kind === "ai" && rows[0].pendingCalls[0]).toMatchObject({ name: "fs_write", status: "error" });
    expect(rows[1].kind === "tool" && rows[1].call).toMatchObject({ name: "echo", status: "ok", result: "hi" });
  });

  it("reads content blocks and skips system messages", () => {
    const rows = buildTimeline(
      [
        { type: "system", content: "You are Fawn" },
        {
          type: "human",
          content: [
            { type: "text", text: "a" },
            { type: "text", text: "b" },
          ],
        },
      ],
      idle,
    );
    expect(rows).toEqual([{ kind: "human", key: "human-1", text: "ab" }]);
  });
});

describe("calls through call_tool (proxy binding)", () => {
  const proxied: ChatMessage = {
    type: "ai",
    id: "a2",
    content: "",
    tool_calls: [
      {
        id: "p1",
        name: CALL_TOOL_NAME,
        args: { name: "github_create_issue", arguments: { title: "Bug", body: "It breaks" } },
      },
    ],
  };

  it("shows the real tool and its arguments, marked as called through call_tool, while waiting and once answered", () => {
    const waiting = buildTimeline([human, proxied], { loading: false, interrupted: true });
    const row = waiting[1];
    expect(row.kind === "ai" && row.pendingCalls).toEqual([
      {
        id: "p1",
        name: "github_create_issue",
        args: { title: "Bug", body: "It breaks" },
        via: CALL_TOOL_NAME,
        status: "waiting",
      },
    ]);
    const result: ChatMessage = {
      type: "tool",
      id: "t9",
      tool_call_id: "p1",
      name: "github_create_issue",
      content: "#12",
    };
    expect(buildTimeline([human, proxied, result], idle)[2]).toEqual({
      kind: "tool",
      key: "t9",
      call: {
        id: "p1",
        name: "github_create_issue",
        args: { title: "Bug", body: "It breaks" },
        via: CALL_TOOL_NAME,
        status: "ok",
        result: "#12",
      },
    });
  });

  it("a refused proxied call is blocked under the real tool's name; arguments that name no tool stay call_tool's", () => {
    const refused: ChatMessage = {
      type: "tool",
      id: "t8",
      tool_call_id: "p1",
      name: CALL_TOOL_NAME,
      status: "error",
      content: blockedCallText("github_create_issue"),
      artifact: blockedCall("github_create_issue"),
    };
    expect(buildTimeline([human, proxied, refused], idle)[2]).toMatchObject({
      call: { name: "github_create_issue", via: CALL_TOOL_NAME, status: "blocked" },
    });
    expect(calledTool(CALL_TOOL_NAME, { name: "x", arguments: "not an object" })).toEqual({
      name: CALL_TOOL_NAME,
      args: { name: "x", arguments: "not an object" },
    });
    expect(calledTool("github_create_issue", { title: "Bug" })).toEqual({
      name: "github_create_issue",
      args: { title: "Bug" },
    });
  });
});

describe("firstHumanText", () => {
  it("finds the first human message", () => {
    expect(firstHumanText([ai, human])).toBe("find me a tool");
    expect(firstHumanText([ai])).toBeUndefined();
  });

  it("titles by what the person wrote, or by the attached files' names, never by the uploaded_files block", () => {
    const block = "<uploaded_files>\n/mnt/user-data/uploads/a.csv (1 B)\n</uploaded_files>";
    expect(firstHumanText([{ type: "human", content: `read it\n\n${block}` }])).toBe("read it");
    expect(firstHumanText([{ type: "human", content: block }])).toBe("a.csv");
  });
});
