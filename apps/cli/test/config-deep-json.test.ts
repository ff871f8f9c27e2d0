import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { jsonLines, runGong, sandbox } from "./harness.js";

const mock = useMockLlmServer();

const offeredTools = () =>
  ((mock.requests[0]?.body as { tools?: { name: string }[] } | undefined)?.tools ?? []).map(
    (t) => t.name,
  );

describe("bad input — deeply nested JSON in settings is one warning, never a crash", () => {
  it("a key nested 5 000 levels deep: the run completes, the key is ignored with file:line:col, the rest applies", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const file = path.join(box.gongHome, "settings.json");
    const deep = `${"[".repeat(5000)}${"]".repeat(5000)}`;
    writeFileSync(file, `{\n  "preset": "readonly",\n  "hooks": ${deep}\n}\n`);
    mock.enqueue(textResponse("fine"));
    const run = await runGong(["-p", "hello"], box);
    expect(run.stderr).toBe(
      `gong: warning: ${file}:3:12: "hooks" is nested more than 64 levels deep; the key was ignored\n`,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("fine\n");
    expect(offeredTools().sort()).toEqual(["find", "grep", "ls", "read"]);
  });

  it("in json mode: one warning event, the run completes", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const file = path.join(box.cwd, ".gong", "settings.json");
    const deep = `${'{"a":'.repeat(20000)}1${"}".repeat(20000)}`;
    writeFileSync(path.join(box.gongHome, "settings.json"), "{}");
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `{ "compaction": ${deep}, "outputLevel": "brief" }`);
    mock.enqueue(textResponse("fine"));
    const run = await runGong(["--mode", "json", "hello"], box);
    expect(run.code).toBe(0);
    const warnings = jsonLines(run.stdout).filter((e) => e.type === "warning");
    expect(warnings).toEqual([
      {
        type: "warning",
        message: `${file}:1:17: "compaction" is nested more than 64 levels deep; the key was ignored`,
      },
    ]);
  });

  it("a file that is nested too deep as a whole is skipped with one warning", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const file = path.join(box.gongHome, "settings.json");
    writeFileSync(file, `${"[".repeat(5000)}${"]".repeat(5000)}`);
    mock.enqueue(textResponse("fine"));
    const run = await runGong(["-p", "hello"], box);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      `gong: warning: ${file}:1:65: invalid JSON: nested more than 64 levels deep; the file was ignored, fix it to apply it; until then every tool call asks (its permission rules cannot be read)\n`,
    );
  });
});
