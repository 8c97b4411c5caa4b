import { defineConfig } from "vitest/config";
import path from "node:path";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: [
      "lib/**/*.test.ts",
      "servers/**/*.test.ts",
      "bin/**/*.test.ts",
      "components/**/*.test.ts",
      "app/**/*.test.ts",
      "test/**/*.test.ts",
      "bench/**/*.test.ts",
    ],
    environment: "node",
    env: { FAWN_LOG_LEVEL: "error" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
