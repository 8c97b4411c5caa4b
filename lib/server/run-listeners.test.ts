import { expect, test } from "vitest";
import { RunListeners } from "./run-listeners";

test("every listener is called; one that throws is logged with the run id and the rest still run", () => {
  const logged: unknown[][] = [];
  const listeners = new RunListeners("run-1", (...args: unknown[]) => logged.push(args));
  const calls: string[] = [];
  listeners.add(() => calls.push("a"));
  listeners.add(() => {
    throw new Error("broken reader");
  });
  const removeC = listeners.add(() => calls.push("c"));
  listeners.notify();
  expect(calls).toEqual(["a", "c"]);
  expect(logged).toEqual([["warn", "run.listener_failed", { run_id: "run-1", reason: "Error: broken reader" }]]);
  removeC();
  expect(listeners.size).toBe(2);
  listeners.notify();
  expect(calls).toEqual(["a", "c", "a"]);
  listeners.clear();
  expect(listeners.size).toBe(0);
});
