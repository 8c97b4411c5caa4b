/** Light, dark or whatever the system says; remembered per browser. */
export const THEMES = ["light", "dark", "system"] as const;
export type ThemePref = (typeof THEMES)[number];

export const THEME_KEY = "fawn:theme";

export function parseTheme(value: unknown): ThemePref {
  return THEMES.find((t) => t === value) ?? "system";
}

/** The toggle cycles light → dark → system → light. */
export function nextTheme(pref: ThemePref): ThemePref {
  return THEMES[(THEMES.indexOf(pref) + 1) % THEMES.length] as ThemePref;
}

export function isDark(pref: ThemePref, systemDark: boolean): boolean {
  return pref === "dark" || (pref === "system" && systemDark);
}
