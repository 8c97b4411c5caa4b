import type { ModelsResponse } from "@/lib/contracts/models";

export interface ModelChoice {
  name: string;
  label: string;
  /** Answered by the offline demo model: the empty thread offers its own example prompts. */
  demo: boolean;
}

export interface ModelList {
  models: ModelChoice[];
  defaultName: string | null;
}

/** GET /api/models as the picker shows it: labels, and the flagged (else first) model as the default. */
export function readModels(body: ModelsResponse): ModelList {
  const models = body.models.map((m) => ({ name: m.name, label: m.display_name || m.name, demo: m.demo }));
  const defaultName = body.models.find((m) => m.default)?.name ?? models[0]?.name ?? null;
  return { models, defaultName };
}

/** The model to send: the remembered choice when it still exists, else the server's default. */
export function pickModel(list: ModelList, remembered: string | null): string | null {
  if (remembered && list.models.some((m) => m.name === remembered)) return remembered;
  return list.defaultName;
}
