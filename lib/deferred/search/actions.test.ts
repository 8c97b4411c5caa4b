import { describe, expect, it, vi } from "vitest";
import {
  ACTION_OTHER,
  ActionModel,
  actionWord,
  DEFAULT_ACTION_USE,
  getActions,
  parseActionModel,
  requestFeatures,
  ToolActionClasses,
} from "./actions";
import {
  type ActionExample,
  type ActionOperation,
  actionClasses,
  DEFAULT_ACTION_LEARN,
  learnActions,
  packActions,
} from "./actions-learn";
import { DEFAULT_RANKER } from "./ranker-config";
import { reorderByAction } from "./reorder";
import type { Scored } from "./scored";
import { DEFAULT_TECHNIQUES } from "./techniques";
import { LexicalSearcher } from "./searcher";
import type { SearchDoc } from "./types";

// A small world: three actions on four objects. Requests say the action in words no description uses ("what …
// have we got", "whip up", "scrap"); only the pairs say which action each way of asking stands for.
const OBJECTS = ["invoice", "customer", "ticket", "folder"];
const ACTIONS = [
  { text: "Lists every", asked: ["what {o}s have we got?", "which {o}s are there", "show all my {o}s"] },
  { text: "Creates a new", asked: ["whip up a {o}", "make a fresh {o}", "start another {o} for me"] },
  { text: "Deletes one", asked: ["scrap that {o}", "get rid of the {o}", "throw away my old {o}"] },
];
const OPTIONS = { ...DEFAULT_ACTION_LEARN, minClassCount: 1, minFeatureCount: 1, epochs: 30 };

function corpus(): { operations: ActionOperation[]; examples: ActionExample[] } {
  const operations: ActionOperation[] = [];
  const examples: ActionExample[] = [];
  for (const a of ACTIONS)
    for (const o of OBJECTS) {
      const i = operations.push({ text: `${a.text} ${o}.`, source: "acme" }) - 1;
      for (const r of a.asked) examples.push({ request: r.replaceAll("{o}", o), operation: i });
    }
  return { operations, examples };
}

describe("action words and request features", () => {
  it("takes a description's first word that is neither a function word nor its server's name", () => {
    expect(actionWord("Creates a new issue in a repository.")).toBe("creat");
    expect(actionWord("Notion | Retrieve a block", "notion")).toBe("retriev");
    expect(actionWord("To update an XSS match set.", "aws:waf")).toBe("updat");
    expect(actionWord("The of and", "x")).toBe("");
    expect(actionWord("")).toBe("");
  });

  it("reads every word, question words too, the opening, neighbouring pairs and a question mark", () => {
    const f = requestFeatures("What workspaces are in the org?");
    expect(f).toEqual(
      expect.arrayContaining(["w:what", "w:are", "f:what", "f2:what_workspac", "b:in_the", "b:the_org", "q?"]),
    );
    expect(new Set(f).size).toBe(f.length);
    expect(requestFeatures("list list")).toEqual(["w:list", "f:list", "f2:list_list", "b:list_list"]);
    expect(requestFeatures("")).toEqual([]);
  });
});

describe("learning the actions", () => {
  const { operations, examples } = corpus();
  const learned = learnActions(operations, examples, OPTIONS);
  const model = new ActionModel(packActions(learned));
  const best = (request: string) => {
    const p = model.probabilities(request);
    return model.classes[p.indexOf(Math.max(...p))];
  };

  it("has the descriptions' own action words as classes, and one for the rest", () => {
    expect(learned.classes).toEqual(["creat", "delet", "list", ACTION_OTHER]);
    expect(actionClasses(operations, 4)).toEqual(["creat", "delet", "list", ACTION_OTHER]);
    expect(actionClasses(operations, 5)).toEqual([ACTION_OTHER]);
    expect(learned.prior.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
  });

  it("tells the action from the way of asking, for an object it was never asked about", () => {
    expect(best("what widgets have we got?")).toBe("list");
    expect(best("whip up a widget")).toBe("creat");
    expect(best("get rid of the widget")).toBe("delet");
  });

  it("lifts the likely action and lowers the unlikely one, within ±1", () => {
    const p = model.probabilities("scrap that widget");
    const del = model.classes.indexOf("delet");
    const create = model.classes.indexOf("creat");
    expect(model.lift(p, del, 3)).toBeGreaterThan(0);
    expect(model.lift(p, create, 3)).toBeLessThan(0);
    for (let c = 0; c < model.classes.length; c++) expect(Math.abs(model.lift(p, c, 0.01))).toBeLessThanOrEqual(1);
  });

  it("gives the same table for the same pairs, and bytes that read back as the weights", () => {
    expect(packActions(learnActions(operations, examples, OPTIONS))).toEqual(packActions(learned));
    const C = learned.classes.length;
    const f = learned.features.indexOf("w:scrap");
    for (let c = 0; c < C; c++) {
      const w = learned.weights[f * C + c]!;
      const max = Math.max(...Array.from(learned.weights.subarray(f * C, (f + 1) * C), Math.abs));
      expect(Math.abs(w - Math.round((w / max) * 127) * (max / 127))).toBeLessThan(max / 127);
    }
  });

  it("refuses a table whose parts do not fit, naming the file", () => {
    const packed = packActions(learned);
    expect(() => new ActionModel({ ...packed, scales: packed.scales.slice(1) }, "t.json")).toThrow(
      /^t\.json: .* scales for/,
    );
    expect(() => new ActionModel({ ...packed, classes: ["list", "creat", "delet", "x"] }, "t.json")).toThrow(
      `t.json: "classes" must end with "${ACTION_OTHER}"`,
    );
    expect(() => new ActionModel({ ...packed, prior: [1] }, "t.json")).toThrow(/1 priors and 4 biases for 4 classes/);
    expect(() => parseActionModel("{", "a.json")).toThrow(/^a\.json: not JSON/);
    expect(() => parseActionModel(JSON.stringify({ ...packed, scales: "x" }), "a.json")).toThrow(
      /^a\.json: field "scales"/,
    );
  });
});

describe("reorderByAction", () => {
  const { operations, examples } = corpus();
  const model = new ActionModel(packActions(learnActions(operations, examples, OPTIONS)));
  const list = model.classes.indexOf("list");
  const create = model.classes.indexOf("creat");
  const other = model.classes.length - 1;
  const ranked: Scored[] = [
    { index: 0, name: "create_widget", score: 10 },
    { index: 1, name: "list_widgets", score: 9.8 },
    { index: 2, name: "other_widget", score: 5 },
    { index: 3, name: "list_gadgets", score: 4.9 },
  ];
  const classes = [create, list, other, list];
  const classOf = (index: number) => classes[index]!;
  const p = model.probabilities("which widgets are there");

  it("reorders the first results by the action asked for; they keep the scores of their new ranks", () => {
    const out = reorderByAction(ranked, model, p, classOf, DEFAULT_ACTION_USE);
    expect(out.map((s) => s.name).slice(0, 2)).toEqual(["list_widgets", "create_widget"]);
    expect(out.map((s) => s.score)).toEqual(ranked.map((s) => s.score));
    expect(out.map((s) => s.name).sort()).toEqual(ranked.map((s) => s.name).sort());
  });

  it("never moves a result into or out of its window: the results past it stay as they are", () => {
    // list_gadgets is a list too, but fourth: with a window of 3 it stays fourth, and other_widget stays in the 3.
    const out = reorderByAction(ranked, model, p, classOf, { ...DEFAULT_ACTION_USE, window: 3 });
    const firstThree = out.slice(0, 3).map((s) => s.name);
    expect(firstThree.sort()).toEqual(["create_widget", "list_widgets", "other_widget"]);
    expect(out[3]).toEqual(ranked[3]);
    const one = reorderByAction(ranked, model, p, classOf, { ...DEFAULT_ACTION_USE, window: 1 });
    expect(one).toEqual(ranked);
  });

  it("lets the first result's server's tools from past the window in, to any place but the first", () => {
    // Two servers: w (widgets) and g (gadgets). The window is 2; w's list tool is fourth, g's list tool third.
    const server = ["w", "w", "g", "w", "w"];
    const serverOf = (index: number) => server[index]!;
    const five: Scored[] = [
      { index: 0, name: "create_widget", score: 10 },
      { index: 4, name: "other_widget", score: 9.9 },
      { index: 2, name: "list_gadgets", score: 9.8 },
      { index: 1, name: "list_widgets", score: 9.7 },
      { index: 3, name: "create_thing", score: 1 },
    ];
    const of = (index: number) => [create, list, list, create, other][index]!;
    const use = { ...DEFAULT_ACTION_USE, window: 2, siblings: 4 };
    const out = reorderByAction(five, model, p, of, use, serverOf);
    // The first place goes to the window's best once lifted (other_widget: create is unlikely here);
    // list_widgets (w, fourth) joins and, lifted most, takes the next place, though not the first; list_gadgets
    // (g) does not join and keeps its place after the window; create_thing is past the reach.
    expect(out.map((s) => s.name)).toEqual([
      "other_widget",
      "list_widgets",
      "create_widget",
      "list_gadgets",
      "create_thing",
    ]);
    expect(out.map((s) => s.score)).toEqual(five.map((s) => s.score));
    // Without the servers, or with the reach inside the window, nothing joins.
    expect(reorderByAction(five, model, p, of, use).slice(2)).toEqual(five.slice(2));
    expect(reorderByAction(five, model, p, of, { ...use, siblings: 2 }, serverOf).slice(2)).toEqual(five.slice(2));
  });

  it("keeps the order of results it lifts alike, and leaves an empty or scoreless ranking as it is", () => {
    const twins: Scored[] = [
      { index: 1, name: "b_list", score: 3 },
      { index: 3, name: "a_list", score: 3 },
    ];
    expect(reorderByAction(twins, model, p, classOf, DEFAULT_ACTION_USE)).toEqual(twins);
    expect(reorderByAction([], model, p, classOf, DEFAULT_ACTION_USE)).toEqual([]);
    const flat = ranked.map((s) => ({ ...s, score: 0 }));
    expect(reorderByAction(flat, model, p, classOf, DEFAULT_ACTION_USE)).toEqual(flat);
  });
});

describe("ToolActionClasses", () => {
  it("reads a tool's class from its description the first time it is asked, and only then", () => {
    const { operations, examples } = corpus();
    const model = new ActionModel(packActions(learnActions(operations, examples, OPTIONS)));
    const read = vi.spyOn(model, "classOf");
    const classes = new ToolActionClasses(model, ["Lists every invoice.", "Creates a new ticket."], ["billing", ""]);
    expect(read).not.toHaveBeenCalled();
    expect(classes.of(1)).toBe(model.classes.indexOf("creat"));
    expect(classes.of(1)).toBe(model.classes.indexOf("creat"));
    expect(read).toHaveBeenCalledTimes(1);
    expect(read).toHaveBeenCalledWith("Creates a new ticket.", "");
    expect(classes.of(0)).toBe(model.classes.indexOf("list"));
    expect(read).toHaveBeenCalledWith("Lists every invoice.", "billing");
  });
});

describe("the shipped classifier in the search", () => {
  const docs: SearchDoc[] = [
    { name: "create_workspace", description: "Create a new workspace in an organization.", parameters: {} },
    { name: "list_workspaces", description: "List workspaces in an organization.", parameters: {} },
    { name: "delete_workspace", description: "Delete a workspace from an organization.", parameters: {} },
  ];
  const searcher = (actions: boolean) =>
    new LexicalSearcher(docs, { ...DEFAULT_RANKER, techniques: { ...DEFAULT_TECHNIQUES, actions } });

  it("is on by default, and reads a question about what exists as a list", () => {
    expect(DEFAULT_TECHNIQUES.actions).toBe(true);
    const shipped = getActions();
    const p = shipped.probabilities("which workspaces does the acme org have?");
    expect(p[shipped.classOf("List workspaces.")]!).toBeGreaterThan(p[shipped.classOf("Create a workspace.")]!);
    expect(searcher(true).search("which workspaces does the acme org have?", 1)).toEqual(["list_workspaces"]);
  });

  it("only reorders the first five: the same tools as with it off, and a shorter limit reads the same first ones", () => {
    const many: SearchDoc[] = [
      ...docs,
      ...["rename", "archive", "export", "share", "restore"].map((verb) => ({
        name: `${verb}_workspace`,
        description: `${verb[0]!.toUpperCase()}${verb.slice(1)} a workspace of an organization.`,
        parameters: {},
      })),
    ];
    // Name-word neighbours off: with them, "whip up a workspace" ranks archive_workspace fifth and export_workspace
    // sixth, and the reorder's siblings (the first result's server's tools among the first ten may join the five)
    // let export_workspace in. What this test pins is the reorder of five with nothing else moving (the learned
    // reranker, which orders the first twenty after it, off too).
    const make = (actions: boolean) =>
      new LexicalSearcher(many, {
        ...DEFAULT_RANKER,
        techniques: { ...DEFAULT_TECHNIQUES, neighbours: false, rerank: false, actions },
      });
    const on = make(true);
    const off = make(false);
    for (const q of ["which workspaces does the acme org have?", "whip up a workspace", "scrap the old workspace"]) {
      const five = on.search(q, 5);
      expect([...five].sort()).toEqual([...off.search(q, 5)].sort());
      expect(on.search(q, 3)).toEqual(five.slice(0, 3));
      const scores = on.searchScored(q, 5).map((r) => r.score);
      expect(scores).toEqual(off.searchScored(q, 5).map((r) => r.score));
    }
    expect(on.search("which workspaces does the acme org have?", 1)).toEqual(["list_workspaces"]);
  });

  it("changes nothing for a request in another language, nor with the technique off", () => {
    for (const q of ["列出组织的工作区", "lösche den Arbeitsbereich workspace"])
      expect(searcher(true).searchScored(q, 3)).toEqual(searcher(false).searchScored(q, 3));
  });
});
