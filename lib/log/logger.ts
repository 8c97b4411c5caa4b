/** Structured logs: one JSON object per line on stderr. Values that look like secrets never reach here (callers pass names, not values). */
export type LogLevel = "debug" | "info" | "warn" | "error";

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

function threshold(): number {
  const lvl = (process.env.FAWN_LOG_LEVEL ?? "info") as LogLevel;
  return order[lvl] ?? order.info;
}

export function log(level: LogLevel, event: string, fields: Record<string, unknown> = {}): void {
  if (order[level] < threshold()) return;
  process.stderr.write(`${JSON.stringify({ ts: new Date().toISOString(), level, event, ...fields })}\n`);
}
