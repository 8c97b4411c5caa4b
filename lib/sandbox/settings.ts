import path from "node:path";
import type { LoadedConfig } from "@/lib/config";
import type { SandboxLimits } from "@/lib/config/app-config";
import { activeConfig } from "@/lib/tools/context";

export type BashMode = "bwrap" | "host" | "off";

/** How bash runs, from config.yaml's `sandbox:` section, with the root resolved against config.yaml's folder. */
export interface BashSettings {
  mode: BashMode;
  network: boolean;
  limits: SandboxLimits;
  /** The sandbox root on the host: every thread's folder lies below it. */
  root: string;
}

export function bashSettingsOf(config: LoadedConfig): BashSettings {
  const s = config.app.sandbox;
  return { mode: s.bash, network: s.network, limits: s.limits, root: path.resolve(config.baseDir, s.root) };
}

/** The settings in force for tools at call time. */
export function bashSettings(): BashSettings {
  return bashSettingsOf(activeConfig());
}
