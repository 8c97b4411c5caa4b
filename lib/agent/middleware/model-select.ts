import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { createMiddleware } from "langchain";

/**
 * Per-run model choice: a run may name a configured model in `configurable.model_name`
 * (the UI's model picker); unknown names are refused rather than silently replaced.
 */
export function modelSelectMiddleware(models: ReadonlyMap<string, BaseChatModel>) {
  return createMiddleware({
    name: "ModelSelect",
    wrapModelCall: (request, handler) => {
      const wanted = request.runtime.configurable?.model_name;
      if (wanted === undefined || wanted === null || wanted === "") return handler(request);
      const model = typeof wanted === "string" ? models.get(wanted) : undefined;
      if (!model) throw new Error(`unknown model "${String(wanted)}"; configured: ${[...models.keys()].join(", ")}`);
      return handler({ ...request, model });
    },
  });
}
