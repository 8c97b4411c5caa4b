import { describe, expect, it } from "vitest";
import { inChinese, inEnglish } from "@/test/support/i18n";
import { EMPTY_FORM, entryFromForm, formFromServer, problemFromServer } from "./server-form";

describe("formFromServer", () => {
  it("shows args one per line, env and headers as lines, secrets as the server masked them", () => {
    const form = formFromServer({
      name: "files",
      transport: "stdio",
      enabled: false,
      entry: {
        command: "node",
        args: ["server.js", "/my data"],
        env: { TOKEN: "***", HOME_DIR: "$HOME" },
        cwd: "/srv",
      },
    });
    expect(form).toMatchObject({
      name: "files",
      transport: "stdio",
      command: "node",
      args: "server.js\n/my data",
      env: "TOKEN=***\nHOME_DIR=$HOME",
      cwd: "/srv",
      enabled: false,
    });
    const http = formFromServer({
      name: "gh",
      transport: "http",
      enabled: true,
      entry: { type: "http", url: "https://x/mcp", headers: { Authorization: "Bearer ${GITHUB_TOKEN}" } },
    });
    expect(http.headers).toBe("Authorization: Bearer ${GITHUB_TOKEN}");
  });
});

describe("entryFromForm", () => {
  it("builds a stdio entry: args kept whole per line, KEY=VALUE env (a value may hold '='), no empty fields", () => {
    const { entry, problems } = entryFromForm({
      ...EMPTY_FORM,
      name: "mem",
      command: " node ",
      args: "dist/index.js\n\n/path with spaces\n",
      env: "A=1\nB=x=y\n",
    });
    expect(problems).toEqual([]);
    expect(entry).toEqual({
      type: "stdio",
      command: "node",
      args: ["dist/index.js", "/path with spaces"],
      env: { A: "1", B: "x=y" },
    });
  });

  it("builds an http entry and keeps the fields the form does not show from the stored entry", () => {
    const { entry } = entryFromForm(
      { ...EMPTY_FORM, name: "gh", transport: "http", url: "https://x/mcp", headers: "Authorization: ***" },
      {
        type: "http",
        url: "https://old/mcp",
        headers: { Authorization: "***" },
        approval: "always",
        tools: { a: { defer: "never" } },
      },
    );
    expect(entry).toEqual({
      type: "http",
      url: "https://x/mcp",
      headers: { Authorization: "***" },
      approval: "always",
      tools: { a: { defer: "never" } },
    });
  });

  it("writes enabled only when off, or when the stored entry had it", () => {
    expect(entryFromForm({ ...EMPTY_FORM, name: "a", command: "x" }).entry.enabled).toBeUndefined();
    expect(entryFromForm({ ...EMPTY_FORM, name: "a", command: "x", enabled: false }).entry.enabled).toBe(false);
    expect(entryFromForm({ ...EMPTY_FORM, name: "a", command: "x" }, { enabled: false }).entry.enabled).toBe(true);
  });

  it("names each problem's field, in the UI's language", () => {
    const { problems } = entryFromForm({ ...EMPTY_FORM, name: "no spaces!", env: "JUSTAKEY\nOK=1" });
    expect(problems.map((p) => p.field)).toEqual(["name", "command", "env"]);
    expect(inEnglish(problems[2].message)).toBe("Line 1 is not KEY=value.");
    expect(inChinese(problems[2].message)).toBe("第 1 行不是 KEY=value 格式。");
    const http = entryFromForm({ ...EMPTY_FORM, name: "h", transport: "sse", headers: "no colon here" });
    expect(http.problems.map((p) => p.field)).toEqual(["url", "headers"]);
  });
});

describe("problemFromServer", () => {
  it("puts a refusal naming a field of the entry on that field, in the server's words", () => {
    expect(
      problemFromServer({ code: "name_taken", message: 'body.name: an MCP server named "x" already exists' }),
    ).toEqual({
      field: "name",
      message: { key: "servers.form.serverSaid", params: { text: 'an MCP server named "x" already exists' } },
    });
    expect(problemFromServer({ code: "invalid_body", message: "body.args[1]: expected text" })?.field).toBe("args");
    expect(problemFromServer({ code: "invalid_body", message: "body.type: must be one of …" })?.field).toBe(
      "transport",
    );
  });

  it("leaves every other refusal to the message below the form", () => {
    expect(problemFromServer({ code: "conflict", message: "body.name: x" })).toBeNull();
    expect(
      problemFromServer({ code: "invalid_body", message: "body.tool_name_prefix: expected a boolean" }),
    ).toBeNull();
    expect(problemFromServer({ code: "invalid_body", message: "no body.field here" })).toBeNull();
  });
});
