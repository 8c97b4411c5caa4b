import { describe, expect, it } from "vitest";
import { clarificationInterrupt } from "@/lib/contracts/clarification";
import { en } from "@/components/i18n/en";
import { inChinese, inEnglish } from "@/test/support/i18n";
import { checkEdit, choiceLabel, readApproval, resumeFor } from "./approval";

const SCHEMA = {
  type: "object",
  properties: { path: { type: "string" }, content: { type: "string" } },
  required: ["path", "content"],
  additionalProperties: false,
};
const VALUE = {
  action_requests: [
    {
      name: "write_file",
      args: { path: "/mnt/user-data/outputs/a.md", content: "hi" },
      description: "It writes a file.",
    },
    { name: "bash", args: { command: "ls" } },
  ],
  review_configs: [
    { action_name: "write_file", allowed_decisions: ["approve", "edit", "reject"], args_schema: SCHEMA },
    { action_name: "bash", allowed_decisions: ["approve", "reject"] },
  ],
};

describe("readApproval", () => {
  it("lists each waiting call with its arguments, reason, allowed decisions and schema", () => {
    expect(readApproval(VALUE)).toEqual([
      {
        key: "0-write_file",
        name: "write_file",
        args: { path: "/mnt/user-data/outputs/a.md", content: "hi" },
        argsText: '{\n  "path": "/mnt/user-data/outputs/a.md",\n  "content": "hi"\n}',
        why: { key: "common.verbatim", params: { text: "It writes a file." } },
        allowed: ["approve", "edit", "reject"],
        schema: SCHEMA,
      },
      {
        key: "1-bash",
        name: "bash",
        args: { command: "ls" },
        argsText: '{\n  "command": "ls"\n}',
        why: { key: "approval.needsApproval", params: { name: "bash" } },
        allowed: ["approve", "reject"],
      },
    ]);
    const whys = readApproval(VALUE)?.map((item) => item.why) ?? [];
    expect(whys.map(inEnglish)).toEqual(["It writes a file.", "bash needs your approval before it runs."]);
    expect(inChinese(whys[1] ?? whys[0]!)).toBe("bash 需要你的批准才能运行。");
  });

  it("reads LangChain.js's camelCase shape too, and is null for questions and other interrupts", () => {
    const camel = {
      actionRequests: [{ name: "bash", args: { command: "ls" } }],
      reviewConfigs: [{ actionName: "bash", allowedDecisions: ["approve"] }],
    };
    expect(readApproval(camel)?.[0]).toMatchObject({ name: "bash", allowed: ["approve"] });
    expect(readApproval(clarificationInterrupt({ question: "Which?" }))).toBeNull();
    expect(readApproval({ question: "Proceed?" })).toBeNull();
    expect(readApproval(undefined)).toBeNull();
  });
});

describe("checkEdit", () => {
  const [item] = readApproval(VALUE)!;

  it("accepts arguments that fit the tool's schema", () => {
    expect(checkEdit(item, '{"path": "/mnt/user-data/outputs/b.md", "content": "new"}')).toEqual({
      ok: true,
      args: { path: "/mnt/user-data/outputs/b.md", content: "new" },
    });
  });

  it("says what is wrong: JSON syntax, not an object, or the field the schema refuses", () => {
    const error = (text: string) => {
      const check = checkEdit(item, text);
      return check.ok ? null : inEnglish(check.error);
    };
    expect(error("{path:")).toMatch(/^Not valid JSON: /);
    expect(error("[1]")).toBe('The arguments must be a JSON object, like {"path": "…"}.');
    expect(error('{"content": "x"}')).toBe('write_file: field "path": is required');
    expect(error('{"path": 1, "content": "x"}')).toBe('write_file: field "path": expected string, got number');
    const check = checkEdit(item, "[1]");
    expect(check.ok ? null : inChinese(check.error)).toBe('参数必须是一个 JSON 对象，例如 {"path": "…"}。');
  });
});

describe("resumeFor", () => {
  it("builds the decisions as Agent Chat UI sends them, one per call in order", () => {
    const items = readApproval(VALUE)!;
    expect(
      resumeFor(items, [
        { type: "edit", args: { path: "/mnt/user-data/outputs/b.md", content: "x" } },
        { type: "reject", reason: "  too risky " },
      ]),
    ).toEqual({
      decisions: [
        {
          type: "edit",
          edited_action: { name: "write_file", args: { path: "/mnt/user-data/outputs/b.md", content: "x" } },
        },
        { type: "reject", message: "too risky" },
      ],
    });
    expect(resumeFor(items, [{ type: "approve" }, { type: "reject", reason: " " }])).toEqual({
      decisions: [{ type: "approve" }, { type: "reject" }],
    });
    expect(() => resumeFor(items, [{ type: "approve" }])).toThrow("expected 2 choices, got 1");
  });

  it("labels choices for the summary", () => {
    const choices = [undefined, { type: "approve" as const }, { type: "reject" as const, reason: "" }];
    expect(choices.map((c) => en[choiceLabel(c)])).toEqual(["waiting", "approve", "reject"]);
    expect(en[choiceLabel({ type: "edit", args: {} })]).toBe("run edited");
  });
});
