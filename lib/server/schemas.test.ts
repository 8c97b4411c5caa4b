import { describe, expect, test } from "vitest";
import { MAX_RUN_INPUT_MESSAGES, RunCommand } from "./schemas";

const messages = (n: number) => Array.from({ length: n }, (_, i) => ({ role: "user", content: `m${i}` }));

describe("RunCommand.update as [[channel, value], …] tuples", () => {
  test("every messages write counts; too many is reported at the first messages write", () => {
    const half = MAX_RUN_INPUT_MESSAGES / 2 + 50;
    const r = RunCommand.safeParse({
      update: [
        ["other", 1],
        ["messages", messages(half)],
        ["messages", messages(half)],
      ],
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [["update", 1], `${2 * half} messages; at most ${MAX_RUN_INPUT_MESSAGES} per request`],
    ]);
  });

  test("a single message value counts one, other channels none; at the bound the update passes", () => {
    const r = RunCommand.safeParse({
      update: [
        ["messages", messages(MAX_RUN_INPUT_MESSAGES - 1)],
        ["messages", { role: "user", content: "one" }],
        ["other", messages(10)],
      ],
    });
    expect(r.success).toBe(true);
  });
});
