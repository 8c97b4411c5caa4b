// Clock and calendar arithmetic. Everything is computed in UTC except current_time,
// which renders the instant in an IANA zone through Intl (no tz database of our own).
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import * as z from "zod";
import { addTool, PURE, ToolArgumentError } from "./define";

const DAY_MS = 86_400_000;
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

export interface ParsedDate {
  date: Date;
  dateOnly: boolean;
}

/** Parse an ISO 8601 date or date-time; a missing offset means UTC. Impossible dates (Feb 30) are rejected. */
export function parseDate(input: string, argument: string): ParsedDate {
  const m = ISO.exec(input.trim());
  if (!m)
    throw new ToolArgumentError(argument, `'${input}' is not an ISO 8601 date like 2026-03-14 or 2026-03-14T09:30:00Z`);
  const [, y, mo, d, h = "00", mi = "00", s = "00", frac = "0", zone] = m;
  const offset =
    !zone || zone.toUpperCase() === "Z" ? "Z" : zone.includes(":") ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}.${frac.padEnd(3, "0").slice(0, 3)}${offset}`);
  const roundTrip = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  const valid =
    !Number.isNaN(date.getTime()) &&
    roundTrip.getUTCMonth() === Number(mo) - 1 &&
    roundTrip.getUTCDate() === Number(d) &&
    Number(h) < 24 &&
    Number(mi) < 60 &&
    Number(s) < 60;
  if (!valid) throw new ToolArgumentError(argument, `'${input}' is not a real calendar date/time`);
  return { date, dateOnly: m[4] === undefined };
}

// Returns the caller's spelling: ICU canonicalises some names to legacy ones (Asia/Kolkata → Asia/Calcutta).
function validateTimeZone(timezone: string): string {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: timezone.trim() });
    return timezone.trim();
  } catch {
    throw new ToolArgumentError(
      "timezone",
      `unknown IANA time zone '${timezone}' (examples: Europe/Paris, America/New_York, Asia/Tokyo, UTC)`,
    );
  }
}

export function currentTime(now: Date, timezone?: string) {
  const zone = timezone ? validateTimeZone(timezone) : Intl.DateTimeFormat().resolvedOptions().timeZone;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      weekday: "long",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      timeZoneName: "longOffset",
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  const offset = parts.timeZoneName === "GMT" ? "+00:00" : parts.timeZoneName.replace("GMT", "");
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  const time = `${parts.hour}:${parts.minute}:${parts.second}`;
  return {
    timezone: zone,
    date,
    time,
    weekday: parts.weekday,
    utc_offset: offset,
    iso: `${date}T${time}${offset}`,
    utc: now.toISOString(),
    unix_seconds: Math.floor(now.getTime() / 1000),
  };
}

function daysInMonth(year: number, month0: number): number {
  return new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();
}

/** Add calendar months, clamping the day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(date: Date, months: number): Date {
  const total = date.getUTCFullYear() * 12 + date.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month0 = total - year * 12;
  const out = new Date(date.getTime());
  out.setUTCFullYear(year, month0, Math.min(date.getUTCDate(), daysInMonth(year, month0)));
  return out;
}

function countWeekdays(from: Date, to: Date): number {
  const start = Math.floor(from.getTime() / DAY_MS);
  const days = Math.floor(to.getTime() / DAY_MS) - start;
  let count = Math.floor(days / 7) * 5;
  for (let k = days - (days % 7); k < days; k++) {
    const dow = (((start + k + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
    if (dow !== 0 && dow !== 6) count++;
  }
  return count;
}

export function dateDiff(startInput: string, endInput: string) {
  const start = parseDate(startInput, "start").date;
  const end = parseDate(endInput, "end").date;
  const forward = end >= start;
  const [a, b] = forward ? [start, end] : [end, start];
  let months = (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + (b.getUTCMonth() - a.getUTCMonth());
  if (addMonths(a, months) > b) months--;
  let rest = b.getTime() - addMonths(a, months).getTime();
  const take = (unit: number) => {
    const n = Math.floor(rest / unit);
    rest -= n * unit;
    return n;
  };
  const ms = b.getTime() - a.getTime();
  const sign = forward ? 1 : -1;
  return {
    start: start.toISOString(),
    end: end.toISOString(),
    direction: forward ? "end is after start" : "end is before start",
    calendar: {
      years: Math.floor(months / 12),
      months: months % 12,
      days: take(DAY_MS),
      hours: take(3_600_000),
      minutes: take(60_000),
      seconds: take(1000),
    },
    total: {
      weeks: sign * +(ms / (7 * DAY_MS)).toFixed(4),
      days: sign * +(ms / DAY_MS).toFixed(4),
      hours: sign * +(ms / 3_600_000).toFixed(3),
      minutes: sign * +(ms / 60_000).toFixed(2),
      seconds: (sign * ms) / 1000,
    },
    weekdays: countWeekdays(a, b),
  };
}

const ADD_UNITS = ["years", "months", "weeks", "days", "hours", "minutes", "seconds"] as const;
type AddUnit = (typeof ADD_UNITS)[number];
const FIXED_MS: Partial<Record<AddUnit, number>> = {
  weeks: 7 * DAY_MS,
  days: DAY_MS,
  hours: 3_600_000,
  minutes: 60_000,
  seconds: 1000,
};

export function dateAdd(input: string, amount: number, unit: AddUnit) {
  if (!Number.isInteger(amount)) throw new ToolArgumentError("amount", `must be a whole number, got ${amount}`);
  const { date, dateOnly } = parseDate(input, "date");
  const out =
    unit === "years"
      ? addMonths(date, amount * 12)
      : unit === "months"
        ? addMonths(date, amount)
        : new Date(date.getTime() + amount * FIXED_MS[unit]!);
  if (Number.isNaN(out.getTime()))
    throw new ToolArgumentError("amount", `${amount} ${unit} leaves the supported date range`);
  const keepDateOnly = dateOnly && !["hours", "minutes", "seconds"].includes(unit);
  return {
    date: keepDateOnly ? out.toISOString().slice(0, 10) : out.toISOString(),
    weekday: WEEKDAYS[out.getUTCDay()],
  };
}

export function registerTimeTools(server: McpServer, now: () => Date): void {
  addTool(
    server,
    "current_time",
    {
      title: "Current date and time",
      description:
        "Get the current date, time, weekday and UTC offset, optionally in a given IANA time zone (e.g. 'Asia/Tokyo'). " +
        "Use it to answer 'what time is it in …', 'what is today's date', or before any date arithmetic relative to today.",
      inputSchema: {
        timezone: z
          .string()
          .optional()
          .describe("IANA time zone such as 'Europe/Berlin' or 'America/Los_Angeles'; defaults to the server's zone"),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ timezone }) => currentTime(now(), timezone),
  );
  addTool(
    server,
    "date_diff",
    {
      title: "Difference between two dates",
      description:
        "Compute the time between two dates or date-times: calendar difference (years, months, days, hours…), totals in weeks/days/hours/minutes/seconds, " +
        "and the number of weekdays (Mon–Fri). Use for ages, countdowns, deadlines, durations and 'how many days until'.",
      inputSchema: {
        start: z
          .string()
          .describe("ISO 8601 date or date-time, e.g. '2026-01-15' or '2026-01-15T08:00:00+01:00' (no offset = UTC)"),
        end: z.string().describe("ISO 8601 date or date-time to measure to; may be before start"),
      },
      annotations: PURE,
    },
    ({ start, end }) => dateDiff(start, end),
  );
  addTool(
    server,
    "date_add",
    {
      title: "Add to a date",
      description:
        "Add (or subtract, with a negative amount) years, months, weeks, days, hours, minutes or seconds to a date, and return the resulting date and weekday. " +
        "Month arithmetic clamps to the month's end (Jan 31 + 1 month = Feb 28). Use for due dates, 'what date is 90 days from …'.",
      inputSchema: {
        date: z.string().describe("Starting ISO 8601 date or date-time, e.g. '2026-03-14'"),
        amount: z
          .number()
          .int()
          .min(-100_000)
          .max(100_000)
          .describe("How many units to add (-100000 to 100000); negative to go back in time"),
        unit: z.enum(ADD_UNITS).describe("Unit of amount: years, months, weeks, days, hours, minutes or seconds"),
      },
      annotations: PURE,
    },
    ({ date, amount, unit }) => dateAdd(date, amount, unit),
  );
}
