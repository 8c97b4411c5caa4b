import { describe, expect, it } from "vitest";
import { addSubtaskEvent, readSubtaskEvent, subtaskStatus, taskArgs, type SubtaskProgress } from "./subtasks";

const running = { type: "subtask", id: "call_1", description: "echo it", status: "running" };
const done = { ...running, status: "done", detail: "Echo: from the sub" };

describe("readSubtaskEvent", () => {
  it("reads subtask events and ignores other custom chunks", () => {
    expect(readSubtaskEvent(running)).toEqual({ ...running });
    expect(readSubtaskEvent({ type: "progress", id: "x" })).toBeNull();
    expect(readSubtaskEvent({ ...running, status: "weird" })).toBeNull();
    expect(readSubtaskEvent("text")).toBeNull();
  });
});

describe("addSubtaskEvent", () => {
  it("keeps events per call in order and drops a replayed one", () => {
    let p: SubtaskProgress = {};
    p = addSubtaskEvent(p, readSubtaskEvent(running)!);
    p = addSubtaskEvent(p, readSubtaskEvent(done)!);
    const replay = addSubtaskEvent(p, readSubtaskEvent(running)!);
    expect(replay).toBe(p);
    expect(p.call_1.map((e) => e.status)).toEqual(["running", "done"]);
    expect(addSubtaskEvent(p, readSubtaskEvent({ ...running, id: "call_2" })!).call_2).toHaveLength(1);
  });
});

describe("subtaskStatus", () => {
  it("follows the tool result once it is there", () => {
    expect(subtaskStatus("ok", true, [])).toBe("done");
    expect(subtaskStatus("error", true, [readSubtaskEvent(done)!])).toBe("error");
  });

  it("follows the progress events before that", () => {
    expect(subtaskStatus("running", false, [])).toBe("running");
    expect(subtaskStatus("running", false, [readSubtaskEvent(done)!])).toBe("running");
    expect(subtaskStatus("running", false, [readSubtaskEvent({ ...running, status: "error", detail: "boom" })!])).toBe(
      "error",
    );
    expect(subtaskStatus("stopped", false, [readSubtaskEvent(running)!])).toBe("stopped");
  });
});

describe("taskArgs", () => {
  it("reads description and prompt, tolerating half-streamed args", () => {
    expect(taskArgs({ description: "d", prompt: "p" })).toEqual({ description: "d", prompt: "p" });
    expect(taskArgs(undefined)).toEqual({ description: "", prompt: "" });
  });
});
