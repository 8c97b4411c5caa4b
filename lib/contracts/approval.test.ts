import { describe, expect, it } from "vitest";
import {
  checkArgs,
  coerceEditedArgs,
  readApprovalRequest,
  rejectionText,
  resolveApprovalResume,
  toWireInterruptValue,
} from "./approval";

const SCHEMA = {
  type: "object",
  properties: {
    path: { type: "string" },
    content: { type: "string" },
    append: { type: "boolean" },
    lines: { type: "integer" },
  },
  required: ["path", "content"],
  additionalProperties: false,
};

/** What LangChain.js's humanInTheLoopMiddleware (langchain 1.5.14, dist/agents/middleware/hitl.js) interrupts with. */
const JS_VALUE = {
  actionRequests: [
    { name: "write_file", args: { path: "/mnt/user-data/outputs/a.md", content: "hi" }, description: "why" },
  ],
  reviewConfigs: [{ actionName: "write_file", allowedDecisions: ["approve", "edit", "reject"], argsSchema: SCHEMA }],
};

/**
 * The shape LangGraph's Agent Chat UI accepts as an approval request, read in langchain-ai/agent-chat-ui at
 * fdc87e65307581b02898d33c62b3f285e56bd85b, src/lib/agent-inbox-interrupt.ts and
 * src/components/thread/agent-inbox/types.ts: non-empty `action_requests` of {name: string, args: object,
 * description?} and non-empty `review_configs` of {action_name: string, allowed_decisions: array, args_schema?}.
 * Anything else it shows as a read-only table.
 */
function agentChatUiAccepts(value: unknown): boolean {
  const v = value as { action_requests?: unknown; review_configs?: unknown };
  const requests = Array.isArray(v?.action_requests) ? (v.action_requests as Array<Record<string, unknown>>) : [];
  const configs = Array.isArray(v?.review_configs) ? (v.review_configs as Array<Record<string, unknown>>) : [];
  return (
    requests.length > 0 &&
    configs.length > 0 &&
    requests.every((r) => typeof r.name === "string" && typeof r.args === "object" && r.args !== null) &&
    configs.every((c) => typeof c.action_name === "string" && Array.isArray(c.allowed_decisions))
  );
}

describe("the approval request on the wire", () => {
  it("turns LangChain.js's camelCase request into the snake_case one Agent Chat UI reads", () => {
    const wire = toWireInterruptValue(JS_VALUE);
    expect(wire).toEqual({
      action_requests: JS_VALUE.actionRequests,
      review_configs: [
        { action_name: "write_file", allowed_decisions: ["approve", "edit", "reject"], args_schema: SCHEMA },
      ],
    });
    expect(agentChatUiAccepts(JS_VALUE)).toBe(false);
    expect(agentChatUiAccepts(wire)).toBe(true);
  });

  it("leaves other interrupt values and already snake_case requests alone", () => {
    const wire = toWireInterruptValue(JS_VALUE);
    expect(toWireInterruptValue(wire)).toBe(wire);
    const other = { question: "Proceed?" };
    expect(toWireInterruptValue(other)).toBe(other);
    expect(toWireInterruptValue("text")).toBe("text");
    expect(readApprovalRequest({ actionRequests: [], reviewConfigs: [] })).toBeNull();
  });
});

describe("answering an approval request", () => {
  const request = readApprovalRequest(JS_VALUE)!;

  it("approve, as Agent Chat UI sends it, passes through", () => {
    // use-interrupted-actions.tsx: submit({}, {command: {resume: {decisions: [decision]}}})
    expect(resolveApprovalResume(request, { decisions: [{ type: "approve" }] })).toEqual({
      ok: true,
      resume: { decisions: [{ type: "approve" }] },
    });
  });

  it("a rejection becomes a result that says the call did not run and why", () => {
    const r = resolveApprovalResume(request, { decisions: [{ type: "reject", message: "not that file" }] });
    expect(r).toEqual({
      ok: true,
      resume: { decisions: [{ type: "reject", message: rejectionText("write_file", "not that file") }] },
    });
    expect(rejectionText("write_file", "not that file")).toMatch(
      /^The user rejected this call to write_file, so it did not run\. Their reason: "not that file"\. Do not repeat/,
    );
    expect(rejectionText("bash")).toContain("They gave no reason.");
  });

  it("an edit with edited_action (Agent Chat UI) reaches the middleware as editedAction, values coerced by schema", () => {
    // Agent Chat UI edits each argument in a text box: an edited integer comes back as text.
    const r = resolveApprovalResume(request, {
      decisions: [
        {
          type: "edit",
          edited_action: {
            name: "write_file",
            args: { path: "/mnt/user-data/outputs/b.md", content: "42", lines: "3" },
          },
        },
      ],
    });
    expect(r).toEqual({
      ok: true,
      resume: {
        decisions: [
          {
            type: "edit",
            editedAction: {
              name: "write_file",
              args: { path: "/mnt/user-data/outputs/b.md", content: "42", lines: 3 },
            },
          },
        ],
      },
    });
  });

  it("refuses what the middleware would choke on, naming the decision, tool and field", () => {
    const err = (resume: unknown) => {
      const r = resolveApprovalResume(request, resume);
      return r.ok ? "ok" : r.error;
    };
    expect(err("yes")).toMatch(/waiting for a decision on write_file: resume with \{"decisions"/);
    expect(err({ decisions: [] })).toBe("expected 1 decision (one per action request: write_file), got 0");
    expect(err({ decisions: [{ type: "maybe" }] })).toMatch(/waiting for a decision/);
    expect(err({ decisions: [{ type: "edit" }] })).toBe(
      'decisions[0] (write_file): an edit needs "edited_action": {name, args}',
    );
    expect(err({ decisions: [{ type: "edit", edited_action: { name: "bash", args: { command: "rm -rf /" } } }] })).toBe(
      'decisions[0] (write_file): an edit may change the arguments, not the tool (expected "write_file", got "bash")',
    );
    expect(
      err({ decisions: [{ type: "edit", edited_action: { name: "write_file", args: { path: 3, content: "x" } } }] }),
    ).toBe('decisions[0] (write_file): edited arguments of write_file: field "path": expected string, got number');
    expect(err({ decisions: [{ type: "edit", editedAction: { name: "write_file", args: { content: "x" } } }] })).toBe(
      'decisions[0] (write_file): edited arguments of write_file: field "path": is required',
    );
    const approveOnly = {
      ...request,
      review_configs: [{ action_name: "write_file", allowed_decisions: ["approve" as const] }],
    };
    const r = resolveApprovalResume(approveOnly, { decisions: [{ type: "reject" }] });
    expect(r).toEqual({
      ok: false,
      error: 'decisions[0] (write_file): "reject" is not allowed here (allowed: approve)',
    });
  });
});

describe("checkArgs", () => {
  it("names the field for each kind of mismatch, and passes what fits", () => {
    expect(checkArgs({ path: "a", content: "b" }, SCHEMA)).toBeNull();
    expect(checkArgs({ path: "a", content: "b", extra: 1 }, SCHEMA)).toBe(
      'field "extra": is not an argument of this tool',
    );
    expect(checkArgs({ path: "a", content: "b", append: "yes" }, SCHEMA)).toBe(
      'field "append": expected boolean, got string',
    );
    expect(checkArgs({ a: 1 }, undefined)).toBeNull();
    // A schema the validator cannot read is left to the tool itself.
    expect(checkArgs({ p: 1 }, { type: "object", properties: { p: { $ref: "#/$defs/Nowhere" } } })).toBeNull();
  });

  it("coerces only text that the schema wants as something else", () => {
    expect(coerceEditedArgs({ content: "42", lines: "7", append: "true", path: "x" }, SCHEMA)).toEqual({
      content: "42",
      lines: 7,
      append: true,
      path: "x",
    });
    expect(coerceEditedArgs({ lines: "seven" }, SCHEMA)).toEqual({ lines: "seven" });
  });
});
