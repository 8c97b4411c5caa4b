import { describe, expect, it } from "vitest";
import { PersistenceStatusSchema } from "@/lib/contracts/persistence";
import { storageView } from "./storage";

const status = (over: Record<string, unknown>) =>
  PersistenceStatusSchema.parse({ type: "sqlite", target: "/data/threads.sqlite", state: "ready", ...over });

describe("storage view", () => {
  it("says nothing until the first answer", () => {
    expect(storageView(null, null)).toBeNull();
  });

  it("names the SQLite file when ready", () => {
    expect(storageView(status({}), null)).toEqual({
      store: "storage.sqlite",
      state: "storage.ready",
      tone: "ok",
      detail: ["/data/threads.sqlite"],
    });
  });

  it("gives PostgreSQL's target, schema, instance and error", () => {
    const view = storageView(
      status({
        type: "postgres",
        target: "postgres://fawn@db:5432/fawn",
        schema: "team",
        instance_id: "i-1",
        state: "unavailable",
        error: "connect ECONNREFUSED 10.0.0.5:5432",
      }),
      null,
    );
    expect(view).toEqual({
      store: "storage.postgres",
      state: "storage.unavailable",
      tone: "down",
      detail: ["postgres://fawn@db:5432/fawn", "schema team", "instance i-1", "connect ECONNREFUSED 10.0.0.5:5432"],
    });
  });

  it("is pending while connecting", () => {
    expect(storageView(status({ type: "postgres", state: "connecting" }), null)?.tone).toBe("pending");
  });

  it("says the server could not be asked, with why", () => {
    expect(storageView(null, "/api/persistence: HTTP 502")).toEqual({
      store: "storage.unknown",
      state: "storage.unreachable",
      tone: "down",
      detail: ["/api/persistence: HTTP 502"],
    });
  });
});
