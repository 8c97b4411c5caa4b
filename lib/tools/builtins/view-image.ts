import path from "node:path";
import { type BaseMessage, type ContentBlock, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { LIMITS, formatBytes, overLimit } from "@/lib/sandbox/limits";
import { openOwnFile } from "@/lib/sandbox/own-file";
import { SandboxPathError, VIRTUAL_ROOT, resolveInThread } from "@/lib/sandbox/paths";
import { threadIdOf, type ToolContext } from "@/lib/tools/context";

const IMAGE_EXTS = new Set(["png", "jpg", "jpeg", "gif", "webp"]);

/** The image type from the file's first bytes; the extension alone is not trusted. */
export function sniffImage(head: Buffer): "image/png" | "image/jpeg" | "image/gif" | "image/webp" | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "image/png";
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "image/jpeg";
  const ascii = head.subarray(0, 12).toString("latin1");
  if (ascii.startsWith("GIF87a") || ascii.startsWith("GIF89a")) return "image/gif";
  if (ascii.startsWith("RIFF") && ascii.slice(8, 12) === "WEBP") return "image/webp";
  return null;
}

export type ImageToolContent = [{ type: "text"; text: string }, { type: "image_url"; image_url: { url: string } }];

/**
 * Gives the model an image from the thread's folder. The ToolMessage content is a text block and an
 * OpenAI-style `image_url` data URL block. OpenAI's chat completions accept only text in tool
 * messages, so the agent applies `liftToolImages` to the request messages (in a wrapModelCall
 * middleware) to move the image into a user message that follows the tool results.
 */
export const viewImageTool = (ctx: ToolContext) =>
  tool(
    async ({ image_path }, config): Promise<ImageToolContent> => {
      const target = await resolveInThread(ctx.sandbox.root, threadIdOf(config), image_path);
      if (!IMAGE_EXTS.has(path.extname(target.host).slice(1).toLowerCase())) {
        throw new Error(
          `view_image ${target.virtual}: not an image file; view_image reads .png, .jpg, .jpeg, .gif and .webp`,
        );
      }
      if (!target.exists) throw new SandboxPathError(image_path, "no such file");
      const fh = await openOwnFile(target, image_path, "read");
      let data: Buffer;
      try {
        const st = await fh.stat();
        if (!st.isFile()) throw new SandboxPathError(image_path, "it is not a file");
        if (st.size > LIMITS.imageBytes) {
          throw new Error(`view_image ${target.virtual}: the image is ${overLimit(st.size, LIMITS.imageBytes)}`);
        }
        data = await fh.readFile();
      } finally {
        await fh.close();
      }
      const mime = sniffImage(data);
      if (!mime)
        throw new Error(`view_image ${target.virtual}: the file's content is not a PNG, JPEG, GIF or WebP image`);
      return [
        { type: "text", text: `Image ${target.virtual} (${mime}, ${formatBytes(data.length)}):` },
        { type: "image_url", image_url: { url: `data:${mime};base64,${data.toString("base64")}` } },
      ];
    },
    {
      name: "view_image",
      description:
        `Look at an image (PNG, JPEG, GIF or WebP, at most ${formatBytes(LIMITS.imageBytes)}) from this conversation's files, ` +
        `e.g. ${VIRTUAL_ROOT}/uploads/photo.jpg or outputs/chart.png. The image is shown to you after the tool result.`,
      schema: z.object({
        image_path: z.string().describe(`Image file, e.g. ${VIRTUAL_ROOT}/uploads/photo.jpg`),
      }),
    },
  );

function isImageBlock(b: ContentBlock): boolean {
  return b.type === "image_url" || b.type === "image";
}

/**
 * Rewrite request messages so tool results that carry images become text-only, with their images
 * moved into one user message placed right after that batch of tool results. Chat completions
 * reject image parts in `role: "tool"` messages; a user message after the tool results is the
 * accepted place. Meant for a wrapModelCall middleware: the checkpointed state is left unchanged.
 */
export function liftToolImages(messages: BaseMessage[]): BaseMessage[] {
  const out: BaseMessage[] = [];
  let pending: ContentBlock[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    out.push(
      new HumanMessage({ content: [{ type: "text", text: "Images returned by the tool calls above:" }, ...pending] }),
    );
    pending = [];
  };
  for (const m of messages) {
    const isTool = ToolMessage.isInstance(m);
    if (!isTool) flush();
    if (isTool && Array.isArray(m.content) && m.content.some((b) => isImageBlock(b))) {
      const blocks: ContentBlock[] = m.content;
      const images = blocks.filter(isImageBlock);
      const rest = blocks.filter((b) => !isImageBlock(b));
      // The text blocks name the images; repeating them next to the images keeps the pairing clear.
      pending.push(...rest.filter((b) => b.type === "text"), ...images);
      out.push(
        new ToolMessage({
          id: m.id,
          tool_call_id: m.tool_call_id,
          name: m.name,
          status: m.status,
          artifact: m.artifact,
          content: [
            ...rest,
            {
              type: "text",
              text: `(${images.length} image${images.length === 1 ? "" : "s"} attached in the next message)`,
            },
          ],
        }),
      );
      continue;
    }
    out.push(m);
  }
  flush();
  return out;
}
