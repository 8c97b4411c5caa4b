import type { DemoReply, PlannedToolCall } from "./wire";

/**
 * The demo model's workspace habits, so the built-ins can be shown without a key: write a file and
 * present it, read or look at an uploaded file, list the workspace. Paths follow the sandbox's
 * virtual scheme (/mnt/user-data/{uploads,workspace,outputs}).
 */

const ROOT = "/mnt/user-data";
const IMAGE = /\.(png|jpe?g|gif|webp)$/i;

export interface WorkspaceTurn {
  userText: string;
  tools: ReadonlySet<string>;
}

/** Files listed in the composer's <uploaded_files> block. */
export function uploadedFiles(text: string): string[] {
  const block = /<uploaded_files>\n([\s\S]*?)\n<\/uploaded_files>/.exec(text);
  if (!block) return [];
  return block[1]
    .split("\n")
    .map((l) => l.trim().replace(/\s+\([^)]*\)$/, ""))
    .filter((l) => l.startsWith(`${ROOT}/`));
}

function fileNameIn(text: string): string | undefined {
  return /(?:^|[\s"'`(])((?:[\w.-]+\/)*[\w-]+\.[A-Za-z0-9]{1,5})(?=$|[\s"'`),.;:!?])/.exec(text)?.[1];
}

function contentIn(text: string): string | undefined {
  const quoted = /"([^"]+)"|“([^”]+)”/.exec(text);
  if (quoted) return quoted[1] ?? quoted[2];
  return /\b(?:saying|with the text|containing|that says)\s+(.+?)(?:\s+and\s+(?:show|present)\b.*)?$/i.exec(text)?.[1];
}

const toVirtual = (name: string, area: "outputs" | "workspace" | "uploads") =>
  name.startsWith(ROOT) ? name : `${ROOT}/${area}/${name.replace(/^\.?\//, "")}`;

/** The first step of a workspace request, or null when the message is not one. */
export function startWorkspaceTurn(turn: WorkspaceTurn): DemoReply | null {
  const text = turn.userText.replace(/<uploaded_files>[\s\S]*?<\/uploaded_files>/, "").trim();
  const uploads = uploadedFiles(turn.userText);
  const call = (c: PlannedToolCall, content: string): DemoReply => ({ content, toolCalls: [c] });

  const file = fileNameIn(text);
  if (/\b(write|save|create|make)\b/i.exec(text) !== null && file && turn.tools.has("write_file")) {
    const content = contentIn(text) ?? `# ${file}\n\nWritten by Fawn's demo model.\n`;
    return call({ name: "write_file", args: { path: toVirtual(file, "outputs"), content } }, `Writing \`${file}\`.`);
  }
  const image =
    uploads.find((p) => IMAGE.exec(p) !== null) ??
    (file && IMAGE.exec(file) !== null ? toVirtual(file, "uploads") : undefined);
  if (
    image &&
    /\b(look|see|view|describe|image|picture|photo)\b/i.exec(text) !== null &&
    turn.tools.has("view_image")
  ) {
    return call({ name: "view_image", args: { image_path: image } }, "Let me look at the image.");
  }
  const readable = uploads.find((p) => IMAGE.exec(p) === null);
  if (
    readable &&
    /\b(read|open|summari[sz]e|what'?s in|contents?)\b/i.exec(text) !== null &&
    turn.tools.has("read_file")
  ) {
    return call({ name: "read_file", args: { path: readable } }, "Reading the uploaded file.");
  }
  if (
    /\b(list|show)\b.*\b(my |the )?(files|workspace|outputs|uploads)\b/i.exec(text) !== null &&
    turn.tools.has("ls")
  ) {
    return call({ name: "ls", args: { path: ROOT } }, "Listing your files.");
  }
  return null;
}

/** After write_file succeeded: present the file when the person asked to see it. */
export function afterWrite(turn: WorkspaceTurn, writtenPath: string | undefined): DemoReply | null {
  if (
    !writtenPath ||
    /\b(show|present|display|give)\b/i.exec(turn.userText) === null ||
    !turn.tools.has("present_files")
  )
    return null;
  if (!writtenPath.startsWith(`${ROOT}/outputs/`)) return null;
  return { content: "Presenting it.", toolCalls: [{ name: "present_files", args: { filepaths: [writtenPath] } }] };
}
