export { ConfigError } from "./errors";
export type { AppConfig, ApprovalMode, ModelConfig, ToolConfig } from "./app-config";
export type { McpServerConfig, McpTransport } from "./extensions";
export type { ConfigPaths, LoadedConfig, ResolvedServer } from "./load";
export { loadConfigFiles, resolveConfigPaths } from "./load";
export { ConfigStore, getConfigStore } from "./store";
