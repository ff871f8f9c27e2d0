import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { jsonLines, runGong, sandbox, sessionFiles } from "./harness.js";

const mock = useMockLlmServer();

/** `jq -c <program> <file>`, one parsed value per output line. */
function jq(program: string, file: string): unknown[] {
  const run = spawnSync("jq", ["-c", program, file], { encoding: "utf8" });
  if (run.error) throw new Error(`jq is needed by this test: ${run.error.message}`);
  expect(run.stderr).toBe("");
  return run.stdout
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line));
}

/** The session-store README's expression that prints every line with its `details` whole. */
function readmeExpression(): string {
  const readme = readFileSync(
    path.join(import.meta.dirname, "..", "..", "..", "packages", "session-store", "README.md"),
    "utf8",
  );
  const block = /<!-- jq: whole lines -->\n```sh\njq -c '([^']+)' session\.jsonl\n```/.exec(readme);
  if (!block) throw new Error("packages/session-store/README.md has no `jq: whole lines` block");
  return block[1]!;
}

const calls = [
  { name: "read", arguments: { path: "src/app.ts" } },
  { name: "grep", arguments: { pattern: "counter", path: "src" } },
  {
    name: "edit",
    arguments: { path: "src/app.ts", edits: [{ oldText: "= 0;", newText: "= 1;" }] },
  },
  { name: "bash", arguments: { command: "wc -l src/app.ts" } },
  { name: "read", arguments: { path: "src/app.ts" } },
  { name: "bash", arguments: { command: "wc -c src/app.ts" } },
];

describe("the session file — every line stands alone (issue 36 item 4)", () => {
  it("jq reads a usage object on every assistant line and the whole envelope on every tool result line", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mkdirSync(path.join(box.cwd, "src"));
    writeFileSync(
      path.join(box.cwd, "src", "app.ts"),
      "export const counter = 0;\nexport const name = 'counter';\n",
    );
    mock.enqueue([
      ...calls.map((call, i) => toolCallResponse([{ id: `toolu_${i}`, ...call }])),
      textResponse("All done."),
    ]);
    const run = await runGong(["--mode", "json", "-p", "work through it"], box, {
      timeoutMs: 120_000,
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const [file] = sessionFiles(box.gongHome);

    const lines = readFileSync(file!, "utf8").trimEnd().split("\n");
    const assistantLines = lines.filter((line) => line.includes('"role":"assistant"'));
    expect(assistantLines).toHaveLength(calls.length + 1);
    const usage = jq('select(.message.role == "assistant") | .message.usage', file!);
    expect(usage).toHaveLength(calls.length + 1);
    for (const value of usage) {
      expect(value).toMatchObject({
        input: expect.any(Number),
        output: expect.any(Number),
        totalTokens: expect.any(Number),
        cost: { total: expect.any(Number) },
      });
    }
    const models = jq(
      'select(.message.role == "assistant") | .message | [.api, .provider, .model, .stopReason]',
      file!,
    );
    expect(models).toEqual([
      ...calls.map(() => ["anthropic-messages", "anthropic", expect.any(String), "toolUse"]),
      ["anthropic-messages", "anthropic", expect.any(String), "stop"],
    ]);

    // Each result line by itself, read with the README's expression, is the envelope the
    // agent had (the json mode's message_end events).
    const inMemory = jsonLines(run.stdout)
      .filter((event) => event.type === "message_end")
      .map((event) => event.message as { role: string; details?: unknown })
      .filter((message) => message.role === "toolResult")
      .map((message) => message.details);
    expect(inMemory).toHaveLength(calls.length);
    const whole = jq(
      `${readmeExpression()} | select(.message.role == "toolResult") | .message.details`,
      file!,
    );
    expect(whole).toEqual(inMemory);
    // On disk, without jq's help: status, stats and the call's own arguments on each line.
    const onDisk = jq('select(.message.role == "toolResult") | .message.details', file!);
    expect(onDisk).toEqual(
      calls.map((call) =>
        expect.objectContaining({
          status: "success",
          stats: expect.objectContaining({ time_ms: expect.any(Number) }),
          context: expect.objectContaining({ params_input: call.arguments }),
        }),
      ),
    );
    expect(lines.filter((line) => /"like(Previous)?":/.test(line))).toEqual([]);
  });
});
