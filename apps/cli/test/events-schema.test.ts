import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { errorResponse, textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import Ajv2020 from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import {
  jsonLines,
  runGong,
  type Sandbox,
  sandbox,
  smallWindow,
  writeSettings,
} from "./harness.js";

const mock = useMockLlmServer();

const SCHEMA_FILE = new URL("../../../docs/events.schema.json", import.meta.url);
const schema = JSON.parse(readFileSync(SCHEMA_FILE, "utf8")) as Record<string, unknown>;
// ajv is CommonJS: its default export's `default` is the class.
const validate = new Ajv2020.default({ allErrors: true, strict: true }).compile(schema);

/** Every line valid against docs/events.schema.json; the first with schemaVersion, run_end last. */
function expectValidRun(stdout: string): Record<string, unknown>[] {
  const lines = jsonLines(stdout);
  for (const line of lines) {
    const ok = validate(line);
    expect(ok, `${JSON.stringify(line).slice(0, 400)}\n${JSON.stringify(validate.errors)}`).toBe(
      true,
    );
  }
  expect(lines[0]).toMatchObject({ type: "session", schemaVersion: 1 });
  expect(lines.at(-1)!.type).toBe("run_end");
  return lines;
}

const json = (box: Sandbox, ...args: string[]) => runGong(["-p", "--mode", "json", ...args], box);
const typesOf = (lines: Record<string, unknown>[]) => new Set(lines.map((l) => l.type));

describe("docs/events.schema.json — every json line of these runs is valid against it", () => {
  it("tools: read, edit, bash with streamed output", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeFileSync(path.join(box.cwd, "a.txt"), "alpha\n");
    mock.enqueue([
      toolCallResponse([{ id: "toolu_r", name: "read", arguments: { path: "a.txt" } }]),
      toolCallResponse([
        {
          id: "toolu_e",
          name: "edit",
          arguments: { path: "a.txt", oldText: "alpha", newText: "beta" },
        },
      ]),
      toolCallResponse([
        {
          id: "toolu_b",
          name: "bash",
          arguments: { command: "for i in 1 2 3; do echo line $i; sleep 0.3; done" },
        },
      ]),
      textResponse("done"),
    ]);
    const run = await json(box, "work");
    expect(run.code).toBe(0);
    const types = typesOf(expectValidRun(run.stdout));
    for (const type of ["tool_execution_start", "tool_execution_update", "tool_execution_end"])
      expect(types).toContain(type);
  });

  it("a subagent's events, tagged with parentToolCallId", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([
        { id: "toolu_t", name: "task", arguments: { description: "look", prompt: "SUBTASK" } },
      ]),
      textResponse("sub answer"),
      textResponse("parent answer"),
    ]);
    const run = await json(box, "delegate");
    expect(run.code).toBe(0);
    const lines = expectValidRun(run.stdout);
    expect(lines.some((l) => l.parentToolCallId === "toolu_t")).toBe(true);
  });

  it("compaction inside a run", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    smallWindow(box, mock.anthropicBaseUrl);
    const big = (word: string) => `${`${`${word} `.repeat(20)}\n`.repeat(135)}END`;
    writeFileSync(path.join(box.cwd, "a.txt"), big("alpha"));
    writeFileSync(path.join(box.cwd, "b.txt"), big("bravo"));
    mock.enqueue([
      toolCallResponse([{ id: "toolu_a", name: "read", arguments: { path: "a.txt" } }]),
      toolCallResponse([{ id: "toolu_b", name: "read", arguments: { path: "b.txt" } }]),
      textResponse("## Goal\nRead both.\n## Progress\nSUMMARY"),
      textResponse("Both read."),
    ]);
    const run = await json(box, "--model", "tiny/tiny-1", "read a.txt then b.txt");
    expect(run.code).toBe(0);
    const types = typesOf(expectValidRun(run.stdout));
    expect(types).toContain("compaction_start");
    expect(types).toContain("compaction_end");
  });

  it("errors: a retried 500, a broken settings file's warning, a run that fails", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { retry: { maxRetries: 1, baseDelayMs: 100 } });
    mock.enqueue([errorResponse(500, "boom"), textResponse("recovered")]);
    const retried = await json(box, "hi");
    expect(retried.code).toBe(0);
    expect(typesOf(expectValidRun(retried.stdout))).toContain("retry");

    writeFileSync(path.join(box.gongHome, "settings.json"), "{ not json");
    mock.enqueue({ type: "error", status: 401, message: "invalid x-api-key" });
    const failed = await json(box, "hi");
    expect(failed.code).toBe(1);
    const lines = expectValidRun(failed.stdout);
    expect(typesOf(lines)).toContain("warning");
    expect(lines.at(-1)).toMatchObject({ ok: false, reason: "error" });
  });

  it("limits and typed output", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([{ id: "toolu_1", name: "ls", arguments: {} }]),
      toolCallResponse([{ id: "toolu_2", name: "ls", arguments: {} }]),
    ]);
    const limited = await json(box, "--max-turns", "1", "go");
    expect(expectValidRun(limited.stdout).at(-1)).toMatchObject({ reason: "max_turns" });

    mock.reset();
    writeFileSync(path.join(box.cwd, "s.json"), JSON.stringify({ type: "array" }));
    mock.enqueue(textResponse("[1, 2]"));
    const typed = await json(box, "--output-schema", "s.json", "go");
    expect(expectValidRun(typed.stdout).at(-1)).toMatchObject({ output: [1, 2] });
  });

  it("a line of a type the schema does not know, or a run_end without its reason, is invalid", () => {
    expect(validate({ type: "brand_new_event" })).toBe(false);
    const end = { type: "run_end", ok: true, aborted: false, turns: 1, costUsd: 0 };
    const usage = { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2 };
    expect(validate({ ...end, usage })).toBe(false);
    expect(validate({ ...end, usage, reason: "completed" })).toBe(true);
  });
});
