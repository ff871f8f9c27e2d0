import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { jsonLines, runGong, type Sandbox, sandbox } from "./harness.js";

const mock = useMockLlmServer();

const userSettingsFile = (box: Sandbox) => path.join(box.gongHome, "settings.json");

describe("security — gong --trust in the home folder or / does not silently trust every project below", () => {
  it("in $HOME: refused (exit 2), nothing recorded, the line says what it would cover and how to mean it", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const run = await runGong(["--trust"], { ...box, cwd: box.home });
    expect(run.code).toBe(2);
    expect(existsSync(userSettingsFile(box))).toBe(false);
    expect(run.stderr).toBe(
      `gong: --trust: ${box.home} is your home folder: trusting it trusts every project below it; run gong --trust --yes to mean that, or run gong --trust in one project folder\n`,
    );
  });

  it("in /: refused the same way", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const run = await runGong(["--trust"], { ...box, cwd: "/" });
    expect(run.code).toBe(2);
    expect(existsSync(userSettingsFile(box))).toBe(false);
    expect(run.stderr).toContain("/ is the root folder: trusting it trusts every project");
  });

  it("a folder above $HOME is refused too", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const run = await runGong(["--trust"], { ...box, cwd: path.dirname(box.home) });
    expect(run.code).toBe(2);
    expect(existsSync(userSettingsFile(box))).toBe(false);
  });

  it("--trust --yes in $HOME records it and says what it covers", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const run = await runGong(["--trust", "--yes"], { ...box, cwd: box.home });
    expect(run.code).toBe(0);
    expect(JSON.parse(readFileSync(userSettingsFile(box), "utf8"))).toEqual({
      trustedFolders: [box.home],
    });
    expect(run.stdout).toContain(`Trusted ${box.home} and every project below it`);
  });
});

describe("security — a TOOL_OUTPUT_DIR that is /, $HOME or above the project is refused", () => {
  for (const [what, dir] of [
    ["/", () => "/"],
    ["$HOME", (box: Sandbox) => box.home],
    ["the project's parent", (box: Sandbox) => path.dirname(box.cwd)],
  ] as const) {
    it(`${what}: one warning, the default folder is used and a file in it stays ACCESS_DENIED`, async () => {
      const probe = sandbox(mock.anthropicBaseUrl);
      const outputDir = dir(probe);
      const box = { ...probe, env: { ...probe.env, TOOL_OUTPUT_DIR: outputDir } };
      const secret = path.join(box.home, "secret.txt");
      writeFileSync(secret, "home-secret-7c1");
      mock.enqueue([
        toolCallResponse([{ id: "toolu_read", name: "read", arguments: { path: secret } }]),
        textResponse("done"),
      ]);
      const run = await runGong(["--mode", "json", "read it"], box);
      expect(run.code).toBe(0);
      const warnings = jsonLines(run.stdout).filter((e) => e.type === "warning");
      expect(warnings).toEqual([
        {
          type: "warning",
          message: `TOOL_OUTPUT_DIR=${outputDir} was refused: it would let the tools read and write everything in it (${outputDir === "/" ? "the root folder" : outputDir === box.home ? "your home folder" : "the project or a folder above it"}); using ${path.join(box.cwd, ".tool-output")}`,
        },
      ]);
      expect(JSON.stringify(mock.requests[1]?.body)).not.toContain("home-secret-7c1");
    });
  }
});
