/**
 * The sandbox tools, for config.yaml entries such as `use: "@/lib/sandbox:read_file_tool"`, and the
 * file helpers the artifacts and upload routes use.
 */
export { ls_tool } from "./ls";
export { read_file_tool } from "./read-file";
export { write_file_tool } from "./write-file";
export { str_replace_tool } from "./str-replace";
export { bash_tool } from "./bash";
export { listOutputs, mimeOf, readThreadFile } from "./files";
export type { OutputFile, ThreadFile } from "./files";
export type { SavedUpload } from "./uploads";
export { AREAS, PATHS_HELP, SandboxPathError, VIRTUAL_ROOT, ensureThreadDir, resolveInThread } from "./paths";
export type { Area, ResolvedPath } from "./paths";
export { LIMITS } from "./limits";
export { removeThreadFolder } from "./thread-folder";
