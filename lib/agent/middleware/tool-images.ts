import { createMiddleware } from "langchain";
import { liftToolImages } from "@/lib/tools/builtins/view-image";

/**
 * OpenAI-compatible chat APIs accept only text in tool results: images a tool returned (view_image)
 * are moved into a user message right after the results, for the model call only; state is unchanged.
 */
export function toolImagesMiddleware() {
  return createMiddleware({
    name: "ToolImages",
    wrapModelCall: (request, handler) => handler({ ...request, messages: liftToolImages(request.messages) }),
  });
}
