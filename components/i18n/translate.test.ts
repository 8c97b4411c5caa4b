import { describe, expect, it } from "vitest";
import { en } from "./en";
import { detectLocale, parseLocale, placeholders, splitTemplate, translate } from "./translate";
import { zhCN } from "./zh-CN";

describe("translate", () => {
  const catalog = { hi: "Hello {name}", steps: "{count} steps", steps_one: "1 step" };
  it("fills placeholders and picks the singular for one", () => {
    expect(translate(catalog, "hi", { name: "Ann" })).toBe("Hello Ann");
    expect(translate(catalog, "steps", { count: 3 })).toBe("3 steps");
    expect(translate(catalog, "steps", { count: 1 })).toBe("1 step");
    expect(translate(catalog, "hi")).toBe("Hello {name}");
  });

  it("shows the key for a string that is missing, so the gap is seen", () => {
    expect(translate(catalog, "nope")).toBe("nope");
  });
});

describe("splitTemplate", () => {
  it("cuts a template at its placeholders, keeping the text in order", () => {
    expect(splitTemplate("prompt lists {what} · {tokens} tokens")).toEqual([
      "prompt lists ",
      { name: "what" },
      " · ",
      { name: "tokens" },
      " tokens",
    ]);
    expect(splitTemplate("{by}")).toEqual([{ name: "by" }]);
    expect(splitTemplate("no placeholder")).toEqual(["no placeholder"]);
  });
});

describe("locales", () => {
  it("remembers the choice, else follows the browser, else English", () => {
    expect(detectLocale("zh-CN", ["en-US"])).toBe("zh-CN");
    expect(detectLocale(null, ["zh-TW", "en"])).toBe("zh-CN");
    expect(detectLocale(null, ["fr-FR", "en-GB"])).toBe("en");
    expect(detectLocale("klingon", ["de"])).toBe("en");
    expect(parseLocale("en")).toBe("en");
    expect(parseLocale("zh")).toBeNull();
  });
});

describe("the catalogs", () => {
  it("translate every key, with the same placeholders, and nothing left in English by mistake", () => {
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(en)) {
      const zh = zhCN[key as keyof typeof en];
      expect(placeholders(zh), key).toEqual(placeholders(text));
      expect(zh.trim(), key).not.toBe("");
    }
    const sameAsEnglish = Object.keys(en).filter(
      (k) =>
        zhCN[k as keyof typeof en] === en[k as keyof typeof en] &&
        /[a-z]{3}/.exec(en[k as keyof typeof en].replace(/\{\w+\}/g, "")),
    );
    expect(sameAsEnglish).toEqual([]);
  });
});
