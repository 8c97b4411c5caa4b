import { z } from "zod";

/** What `ask_clarification` passes to LangGraph `interrupt()`. */
export interface ClarificationRequest {
  question: string;
  options: string[];
  context?: string;
}

const option = z.union([
  z.string(),
  z.object({ label: z.string() }).transform((o) => o.label),
  z.object({ value: z.string() }).transform((o) => o.value),
]);
const request = z.object({
  question: z.string().min(1),
  options: z.array(option).nullish(),
  context: z.string().nullish(),
});

/** The clarification an interrupt asks for, or null when the interrupt is something else. */
export function readClarification(value: unknown): ClarificationRequest | null {
  const parsed = request.safeParse(value);
  if (!parsed.success) return null;
  const { question, options, context } = parsed.data;
  return { question, options: (options ?? []).filter((o) => o.trim() !== ""), ...(context ? { context } : {}) };
}
