import { execFileSync } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { ChatOpenAI } from "@langchain/openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureThreadDir } from "@/lib/sandbox/paths";
import { threadConfig, useTempSandbox } from "@/test/support/sandbox";
import { liftToolImages, sniffImage, viewImageTool } from "./view-image";

const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

let sb: Awaited<ReturnType<typeof useTempSandbox>>;
let dir: string;
const cfg = threadConfig("vi");

beforeAll(async () => {
  sb = await useTempSandbox();
  dir = await ensureThreadDir(sb.root, "vi");
  await fs.writeFile(path.join(dir, "uploads/dot.png"), PNG_1X1);
  await fs.writeFile(path.join(dir, "uploads/really-a-png.jpg"), PNG_1X1);
  await fs.writeFile(path.join(dir, "uploads/notes.txt"), "hello");
  await fs.writeFile(path.join(dir, "uploads/fake.png"), "just text");
  await fs.writeFile(path.join(dir, "uploads/huge.png"), Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024)]));
  await fs.writeFile(path.join(sb.base, "outside.png"), PNG_1X1);
  await fs.symlink(path.join(sb.base, "outside.png"), path.join(dir, "uploads/outside.png"));
  // What `ln <outside file> uploads/hard.png` and `mkfifo uploads/pipe.png` do from bash.
  await fs.link(path.join(sb.base, "outside.png"), path.join(dir, "uploads/hard.png"));
  execFileSync("mkfifo", [path.join(dir, "uploads/pipe.png")]);
});
afterAll(() => sb.cleanup());

describe("view_image", () => {
  it("answers with a text block and a data-URL image block", async () => {
    const msg = await viewImageTool(sb.toolContext).invoke(
      { type: "tool_call", id: "call_vi", name: "view_image", args: { image_path: "uploads/dot.png" } },
      cfg,
    );
    expect(msg).toBeInstanceOf(ToolMessage);
    expect((msg as ToolMessage).tool_call_id).toBe("call_vi");
    expect((msg as ToolMessage).content).toEqual([
      { type: "text", text: "Image /mnt/user-data/uploads/dot.png (image/png, 70 B):" },
      { type: "image_url", image_url: { url: `data:image/png;base64,${PNG_1X1.toString("base64")}` } },
    ]);
  });

  it("trusts the content over the extension", async () => {
    const out = await viewImageTool(sb.toolContext).invoke(
      { image_path: "/mnt/user-data/uploads/really-a-png.jpg" },
      cfg,
    );
    expect(out[1].image_url.url.startsWith("data:image/png;base64,")).toBe(true);
  });

  it.each([
    [
      "uploads/notes.txt",
      /view_image \/mnt\/user-data\/uploads\/notes\.txt: not an image file; view_image reads \.png, \.jpg, \.jpeg, \.gif and \.webp/,
    ],
    ["uploads/fake.png", /uploads\/fake\.png: the file's content is not a PNG, JPEG, GIF or WebP image/],
    ["uploads/huge.png", /uploads\/huge\.png: the image is 5242950 bytes, over the 5242880-byte limit/],
    ["uploads/missing.png", /"uploads\/missing\.png" refused: no such file/],
    ["uploads/outside.png", /"uploads\/outside\.png" refused: it resolves outside this thread's folder/],
    ["uploads/hard.png", /"uploads\/hard\.png" refused: it is a hard link \(the file has 2 names\)/],
    // Opened without waiting for a writer: a FIFO used to hold one of libuv's four file threads for good.
    ["uploads/pipe.png", /"uploads\/pipe\.png" refused: it is a named pipe \(FIFO\), not a regular file/],
    ["/etc/hosts.png", /absolute paths must be under/],
  ])("refuses %s with a clear message", async (p, reason) => {
    await expect(viewImageTool(sb.toolContext).invoke({ image_path: p }, cfg)).rejects.toThrow(reason);
  });

  it("sniffs the four formats", () => {
    expect(sniffImage(PNG_1X1)).toBe("image/png");
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffImage(Buffer.from("GIF89a..."))).toBe("image/gif");
    expect(sniffImage(Buffer.from("RIFF\0\0\0\0WEBPVP8 "))).toBe("image/webp");
    expect(sniffImage(Buffer.from("<svg/>"))).toBeNull();
  });
});

/** The chat-completions body ChatOpenAI sends for these messages, captured at the fetch boundary. */
async function requestBody(messages: BaseMessage[]): Promise<{ messages: Array<Record<string, unknown>> }> {
  let body = "";
  const model = new ChatOpenAI({
    model: "demo",
    apiKey: "demo",
    maxRetries: 0,
    configuration: {
      baseURL: "http://demo.invalid/v1",
      fetch: async (_url: RequestInfo | URL, init?: RequestInit) => {
        body = String(init?.body);
        const completion = {
          id: `chatcmpl-${Date.now()}`,
          object: "chat.completion",
          created: 0,
          model: "demo",
          choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: "a dot" } }],
        };
        return new Response(JSON.stringify(completion), {
          status: 200,
          headers: { "content-type": "application/json" },
        });
      },
    },
  });
  await model.invoke(messages);
  return JSON.parse(body);
}

describe("liftToolImages", () => {
  const image = {
    type: "image_url" as const,
    image_url: { url: `data:image/png;base64,${PNG_1X1.toString("base64")}` },
  };
  const conversation = (): BaseMessage[] => [
    new HumanMessage("what is in dot.png?"),
    new AIMessage({
      content: "",
      tool_calls: [
        { id: "c1", name: "view_image", args: { image_path: "uploads/dot.png" } },
        { id: "c2", name: "ls", args: {} },
      ],
    }),
    new ToolMessage({
      tool_call_id: "c1",
      name: "view_image",
      content: [{ type: "text", text: "Image uploads/dot.png:" }, image],
    }),
    new ToolMessage({ tool_call_id: "c2", name: "ls", content: "/mnt/user-data/" }),
  ];

  it("without it, ChatOpenAI sends the image inside the tool message (which chat completions reject)", async () => {
    const body = await requestBody(conversation());
    expect(body.messages[2]).toMatchObject({ role: "tool", tool_call_id: "c1", content: [{ type: "text" }, image] });
  });

  it("moves images into a user message after the batch of tool results", async () => {
    const original = conversation();
    const lifted = liftToolImages(original);
    expect(original[2].content).toHaveLength(2); // the state's messages are not mutated
    const body = await requestBody(lifted);
    expect(body.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "tool", "user"]);
    expect(body.messages[2]).toEqual({
      role: "tool",
      tool_call_id: "c1",
      name: "view_image",
      content: [
        { type: "text", text: "Image uploads/dot.png:" },
        { type: "text", text: "(1 image attached in the next message)" },
      ],
    });
    expect(body.messages[3]).toMatchObject({ role: "tool", tool_call_id: "c2", content: "/mnt/user-data/" });
    expect(body.messages[4]).toEqual({
      role: "user",
      content: [
        { type: "text", text: "Images returned by the tool calls above:" },
        { type: "text", text: "Image uploads/dot.png:" },
        image,
      ],
    });
  });

  it("leaves conversations without tool images as they are", () => {
    const msgs = [new HumanMessage("hi"), new AIMessage("hello")];
    const out = liftToolImages(msgs);
    expect(out).toEqual(msgs);
    expect(out[0]).toBe(msgs[0]);
  });
});
