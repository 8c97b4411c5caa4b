import { z } from "zod";
import { PromotedSchema } from "@/lib/deferred/promoted";
import { ArtifactsInputSchema } from "./middleware/artifacts";

/**
 * What a client may write with POST /threads/{id}/state: the lead agent's own channels checked with the same
 * schemas their reducers accept, so a bad value is a 400 naming the field before anything is saved. Other keys
 * (messages, …) are left to LangGraph.
 */
export const StateUpdateValuesSchema = z
  .object({ promoted: PromotedSchema.nullish(), artifacts: ArtifactsInputSchema })
  .loose();
