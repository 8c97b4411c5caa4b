import { z } from "zod";

// GET /api/models: configured models, first is the default. Accepts a bare array or {models, default}.
const model = z.object({
  name: z.string().min(1),
  display_name: z.string().nullish(),
  default: z.boolean().optional(),
  /** Answered by the offline demo model (no key configured). */
  demo: z.boolean().optional(),
});
export const modelsResponseSchema = z.union([
  z.array(model),
  z.object({ models: z.array(model), default: z.string().nullish() }),
]);

export interface ModelChoice {
  name: string;
  label: string;
  demo: boolean;
}

export interface ModelList {
  models: ModelChoice[];
  defaultName: string | null;
}

export function readModels(body: z.infer<typeof modelsResponseSchema>): ModelList {
  const list = Array.isArray(body) ? body : body.models;
  const named = Array.isArray(body) ? null : (body.default ?? null);
  const models = list.map((m) => ({ name: m.name, label: m.display_name || m.name, demo: m.demo ?? false }));
  const flagged = list.find((m) => m.default)?.name ?? null;
  const defaultName = [named, flagged, models[0]?.name ?? null].find(
    (n) => n != null && models.some((m) => m.name === n),
  );
  return { models, defaultName: defaultName ?? null };
}

/** The model to send: the remembered choice when it still exists, else the server's default. */
export function pickModel(list: ModelList, remembered: string | null): string | null {
  if (remembered && list.models.some((m) => m.name === remembered)) return remembered;
  return list.defaultName;
}
