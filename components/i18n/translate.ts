/**
 * The message catalog's lookup, kept pure so it can be tested: `{name}` placeholders are filled from
 * params, and a key with a `_one` twin uses it when `count` is 1 (English plurals; Chinese has none).
 */
export const LOCALES = ["en", "zh-CN"] as const;
export type Locale = (typeof LOCALES)[number];

export type Params = Record<string, string | number>;

export function translate(catalog: Readonly<Record<string, string>>, key: string, params?: Params): string {
  const one = params?.count === 1 ? catalog[`${key}_one`] : undefined;
  const template = one ?? catalog[key] ?? key;
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export function parseLocale(value: unknown): Locale | null {
  return LOCALES.find((l) => l === value) ?? null;
}

/** The remembered choice, else the browser's first language that Fawn speaks, else English. */
export function detectLocale(stored: string | null, languages: readonly string[]): Locale {
  const remembered = parseLocale(stored);
  if (remembered) return remembered;
  for (const lang of languages) {
    const l = lang.toLowerCase();
    if (l.startsWith("zh")) return "zh-CN";
    if (l.startsWith("en")) return "en";
  }
  return "en";
}

/** `{name}` placeholders of a template, sorted: both catalogs must use the same ones for a key. */
export function placeholders(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string).sort();
}

/** A template cut at its `{name}` placeholders: text parts as strings, placeholders as `{ name }`. */
export function splitTemplate(template: string): Array<string | { name: string }> {
  return template
    .split(/(\{\w+\})/)
    .filter((part) => part !== "")
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      return name === undefined ? part : { name };
    });
}
