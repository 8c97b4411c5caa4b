import { describe, expect, it } from "vitest";
import { Inflections } from "./inflections";
import { getLexicon } from "./lexicon";

describe("inflected forms of the lexicon's translation keys", () => {
  const inflections = Inflections.of([
    ["de", ["loschen", "erstellen", "datei"]],
    ["fr", ["supprimer", "chercher"]],
    ["es", ["eliminar", "rama"]],
    ["pt", ["pasta"]],
  ]);

  it("finds the key an imperative or other form comes from, by its own language's stemmer", () => {
    expect(inflections.keyOf("losche")).toBe("loschen");
    expect(inflections.keyOf("erstelle")).toBe("erstellen");
    expect(inflections.keyOf("supprime")).toBe("supprimer");
    expect(inflections.keyOf("supprimez")).toBe("supprimer");
    expect(inflections.keyOf("cherche")).toBe("chercher");
    expect(inflections.keyOf("elimina")).toBe("eliminar");
    expect(inflections.keyOf("dateien")).toBe("datei");
  });

  it("never returns the word itself, nor matches a stem too short to mean anything", () => {
    expect(inflections.keyOf("loschen")).toBeUndefined();
    // Spanish "rama" and "ramen" share the three-letter stem "ram".
    expect(inflections.keyOf("ramen")).toBeUndefined();
    expect(inflections.keyOf("zzzz")).toBeUndefined();
    expect(inflections.keyOf("del")).toBeUndefined();
    expect(inflections.keyOf("Lösche")).toBeUndefined(); // callers pass folded words
  });

  it("an unknown language is a clear error", () => {
    expect(() => Inflections.of([["xx", ["word"]]])).toThrow(/no stemmer for language "xx"/);
  });

  it("the shipped lexicon's sections are read with their languages", () => {
    const lex = getLexicon();
    expect(lex.inflections?.keyOf("losche")).toBe("loschen");
    expect(lex.translations.get(lex.inflections!.keyOf("supprime")!)).toBeDefined();
  });
});
