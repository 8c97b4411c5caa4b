/** A thread-list timestamp, as a catalog key and its number: "just now", "5 min ago", … or the date itself. */
export type RelativeTime =
  | { key: "time.justNow" }
  | { key: "time.minutes" | "time.hours" | "time.days"; count: number }
  | { date: string };

export function relativeTime(iso: string, now: number): RelativeTime | null {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return null;
  const s = Math.max(0, Math.round((now - then) / 1000));
  if (s < 45) return { key: "time.justNow" };
  if (s < 3600) return { key: "time.minutes", count: Math.max(1, Math.round(s / 60)) };
  if (s < 86_400) return { key: "time.hours", count: Math.round(s / 3600) };
  if (s < 7 * 86_400) return { key: "time.days", count: Math.round(s / 86_400) };
  return { date: new Date(then).toISOString().slice(0, 10) };
}
