/** The names OpenAI-compatible APIs accept for functions. */
export const TOOL_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function isValidToolName(name: string): boolean {
  return TOOL_NAME_PATTERN.exec(name) !== null;
}

/** `<server>_<tool>` when prefixing is on (the default), else the tool's own name. */
export function mcpToolName(server: string, tool: string, prefix: boolean): string {
  return prefix ? `${server}_${tool}` : tool;
}
