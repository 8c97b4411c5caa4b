import { ReducedValue, StateSchema } from "@langchain/langgraph";
import { createMiddleware } from "langchain";
import { z } from "zod";

/** Files the agent presented in this thread (virtual paths), in order, without duplicates. */
export function mergeArtifacts(current: string[] | undefined, next: string[] | null | undefined): string[] {
  return [...new Set([...(current ?? []), ...(next ?? [])])];
}

/** What a state update may write to `artifacts`. */
export const ArtifactsInputSchema = z.array(z.string()).nullish();

const ArtifactsStateSchema = new StateSchema({
  artifacts: new ReducedValue(z.array(z.string()).default([]), {
    inputSchema: ArtifactsInputSchema,
    reducer: mergeArtifacts,
  }),
});

/** Adds the `artifacts` channel that present_files writes to. */
export function artifactsStateMiddleware() {
  return createMiddleware({ name: "ArtifactsState", stateSchema: ArtifactsStateSchema });
}
