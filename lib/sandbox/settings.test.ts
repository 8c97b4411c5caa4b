import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "@/lib/config";
import { parseAppConfig } from "@/lib/config/load";
import { REPO_ROOT } from "@/test/support/repo";

const MIN = "models:\n  - name: demo\n    model: demo\n";

function errorOf(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ConfigError) return e;
    throw e;
  }
  throw new Error("expected a ConfigError");
}

describe("config.yaml sandbox section", () => {
  it("defaults to the bubblewrap sandbox without network, with limits", () => {
    const { sandbox } = parseAppConfig(MIN, "config.yaml", {}).app;
    expect(sandbox).toMatchObject({
      bash: "bwrap",
      network: false,
      limits: { cpu_s: 60, memory_mb: 2048, processes: 256, file_mb: 1024, tmp_mb: 256 },
    });
  });

  it("takes a mode, network and partial limits", () => {
    const text = `${MIN}sandbox:\n  bash: host\n  network: true\n  limits:\n    cpu_s: 5\n`;
    const { sandbox } = parseAppConfig(text, "config.yaml", {}).app;
    expect(sandbox).toMatchObject({ bash: "host", network: true, limits: { cpu_s: 5, memory_mb: 2048 } });
  });

  it("refuses the removed allow_host_bash, naming file, line and field and saying what to write instead", () => {
    for (const value of ["true", "false"]) {
      const e = errorOf(() =>
        parseAppConfig(`${MIN}sandbox:\n  root: x\n  allow_host_bash: ${value}\n`, "/etc/fawn/config.yaml", {}),
      );
      expect(e.message).toMatch(
        /^\/etc\/fawn\/config\.yaml:6: sandbox\.allow_host_bash: was removed: bash now runs in a bubblewrap sandbox/,
      );
      expect(e.message).toContain("`bash: off`");
      expect(e.message).toContain("`bash: host`");
      expect(e.field).toBe("sandbox.allow_host_bash");
    }
  });

  it("names a wrong mode or limit", () => {
    expect(errorOf(() => parseAppConfig(`${MIN}sandbox:\n  bash: docker\n`, "c.yaml", {})).message).toMatch(
      /^c\.yaml:5: sandbox\.bash: must be one of "bwrap", "host", "off" \(got "docker"\)$/,
    );
    expect(
      errorOf(() => parseAppConfig(`${MIN}sandbox:\n  limits:\n    memory_mb: 10\n`, "c.yaml", {})).message,
    ).toMatch(/^c\.yaml:6: sandbox\.limits\.memory_mb: /);
  });

  it("the shipped config.yaml runs bash in bubblewrap", () => {
    const text = fs.readFileSync(path.join(REPO_ROOT, "config.yaml"), "utf8");
    expect(parseAppConfig(text, "config.yaml", {}).app.sandbox).toMatchObject({ bash: "bwrap", network: false });
  });
});
