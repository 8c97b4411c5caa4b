import type { LoadedConfig } from "@/lib/config";
import { type ToolContext, toolContextFor } from "@/lib/tools/context";

export type BashMode = ToolContext["sandbox"]["mode"];

/** How bash runs, from config.yaml's `sandbox:` section, with the root resolved against config.yaml's folder. */
export type BashSettings = ToolContext["sandbox"];

export function bashSettingsOf(config: LoadedConfig): BashSettings {
  return toolContextFor(config).sandbox;
}
