/**
 * The project's own tool modules, by the specifier config.yaml uses. Listed statically so the
 * Next.js bundle contains them (Node 20 cannot import .ts files at run time).
 */
export const PROJECT_TOOL_MODULES: Record<string, () => Promise<Record<string, unknown>>> = {
  "@/lib/sandbox": () => import("@/lib/sandbox"),
};
