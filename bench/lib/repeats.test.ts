import path from "node:path";
import { describe, expect, it } from "vitest";
import { newPlaces, poolRequests, requestKey } from "./repeats";

const ROOT = path.resolve(import.meta.dirname, "../..");

describe("repeated requests", () => {
  it("compares texts with case and spacing aside, nothing else", () => {
    expect(requestKey("  Slack   post\tMessage ")).toBe("slack post message");
    expect(requestKey("slack post message.")).not.toBe(requestKey("slack post message"));
  });

  it("keeps the places of the requests no earlier set holds", () => {
    const seen = new Set(["slack post message", "list my repos"]);
    const queries = [{ query: "Slack post message" }, { query: "delete the branch" }, { query: "list  my repos" }];
    expect(newPlaces(queries, seen)).toEqual([1]);
  });

  it("reads every committed set of the dev pools but the ones it is told to skip", () => {
    const all = poolRequests(ROOT, new Set());
    const without = poolRequests(ROOT, new Set(["dev-fresh.json"]));
    expect(all.size).toBeGreaterThan(without.size);
    expect(all.size).toBeGreaterThan(40_000);
  });
});
