import { z } from "zod";

/** A configured model as the app presents it (never its key). */
export const ModelInfoSchema = z.object({
  name: z.string().min(1),
  display_name: z.string(),
  model: z.string(),
  /** The offline demo model answers for it (no API key and no base_url). */
  demo: z.boolean(),
  supports_vision: z.boolean(),
  /** The first configured model: what a run uses when it names none. */
  default: z.boolean(),
  base_url: z.string().nullable(),
});
export type ModelInfo = z.infer<typeof ModelInfoSchema>;

/** GET /api/models. */
export const ModelsResponseSchema = z.object({ models: z.array(ModelInfoSchema) });
export type ModelsResponse = z.infer<typeof ModelsResponseSchema>;
