import { describe, expect, it } from "vitest";
import { starterPrompts } from "./starters";

const tools = ["tool_search", "write_file", "ask_clarification", "task", "workbench_calculate", "everything_echo"].map(
  (name) => ({ name }),
);

describe("starterPrompts", () => {
  it("offers the README's demo prompts the demo model understands, when their tools exist", () => {
    expect(starterPrompts(tools, true)).toEqual([
      { id: "demo-0", text: "calculate: 12*(3+4)" },
      { id: "demo-1", text: 'echo "hello"' },
      { id: "demo-2", text: 'write a note to notes.md saying "hi" and show it' },
      { id: "demo-3", text: "ask me which format I want: pdf or html" },
    ]);
    expect(starterPrompts([{ name: "task" }], true)).toEqual([
      { id: "demo-0", text: 'delegate to a subagent: echo "from the sub"' },
    ]);
  });

  it("offers plain requests, by capability, to a real model", () => {
    expect(starterPrompts(tools, false).map((p) => ("key" in p ? p.key : p.text))).toEqual([
      "starter.calculate",
      "starter.files",
      "starter.delegate",
    ]);
    expect(starterPrompts([], false)).toEqual([{ id: "starter.generic", key: "starter.generic" }]);
  });
});
