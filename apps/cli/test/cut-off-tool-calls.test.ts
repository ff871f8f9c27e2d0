import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, sandbox } from "./harness.js";

const mock = useMockLlmServer();

interface ToolResultBlock {
  type: string;
  is_error?: boolean;
  content?: unknown;
}

describe("item 7 — a tool call cut off by max_tokens is never executed", () => {
  it("a write whose JSON was cut off leaves the file as it was and tells the model why", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const file = path.join(box.cwd, "notes.txt");
    const original = "line one\nline two\nline three\n";
    writeFileSync(file, original);
    mock.enqueue([
      toolCallResponse(
        [{ id: "toolu_w", name: "write", arguments: '{"path":"notes.txt","content":"PARTIAL' }],
        { stopReason: "length" },
      ),
      textResponse("I will write it in smaller steps."),
    ]);
    const run = await runGong(["-p", "rewrite notes.txt"], box);
    expect(run.code).toBe(0);
    expect(readFileSync(file, "utf8")).toBe(original);

    const messages = (mock.requests[1]!.body as { messages: { content: unknown }[] }).messages;
    const result = (messages.at(-1)!.content as ToolResultBlock[]).find(
      (block) => block.type === "tool_result",
    );
    expect(result?.is_error).toBe(true);
    expect(JSON.stringify(result?.content)).toMatch(/output limit/);
  });

  it("a bash command cut off by max_tokens does not run", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse(
        [{ id: "toolu_b", name: "bash", arguments: '{"command":"touch ran.txt && echo do' }],
        { stopReason: "length" },
      ),
      textResponse("ok"),
    ]);
    expect((await runGong(["-p", "run it"], box)).code).toBe(0);
    expect(() => readFileSync(path.join(box.cwd, "ran.txt"))).toThrow();
  });
});
