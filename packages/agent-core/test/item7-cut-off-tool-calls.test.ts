// Item 7: a tool call whose arguments the output limit cut off is answered with an error,
// never repaired with partial JSON and run (a cut-off `write` replaced a 3-line file
// with "PARTIAL" and reported success; a cut-off bash command ran).
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ToolResultMessage } from "@gong/llm";
import { createCodingTools } from "@gong/tools";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Agent } from "../src/index.js";
import { assistant, mockModel, testModel, text, toolCall } from "./helpers/mock-stream.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "gong-cut-off-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const ORIGINAL = "line one\nline two\nline three\n";

function agentFor(model: ReturnType<typeof mockModel>) {
  return new Agent({
    model: testModel,
    streamFn: model.streamFn,
    cwd: dir,
    tools: createCodingTools({ cwd: dir }),
  });
}

function resultOf(agent: Agent): ToolResultMessage {
  return agent.state.messages.find((m) => m.role === "toolResult") as ToolResultMessage;
}

describe("item 7 — a tool call cut off by the output limit is never executed", () => {
  it("a write whose JSON was cut off leaves the file unchanged and answers with an error", async () => {
    await writeFile(path.join(dir, "notes.txt"), ORIGINAL);
    const cut = toolCall("w1", "write", { path: "notes.txt", content: "PARTIAL" });
    cut.incompleteArguments = '{"path":"notes.txt","content":"PARTIAL';
    const model = mockModel([
      assistant([cut], { stopReason: "length" }),
      assistant([text("I will write it in smaller steps.")]),
    ]);
    const agent = agentFor(model);
    await agent.prompt("rewrite notes.txt");

    expect(await readFile(path.join(dir, "notes.txt"), "utf8")).toBe(ORIGINAL);
    const result = resultOf(agent);
    expect(result.isError).toBe(true);
    const sent = JSON.stringify(model.requests[1]?.messages.at(-1));
    expect(sent).toMatch(/output limit/);
    expect(sent).toMatch(/smaller/);
  });

  it("every call of a message that stopped at the output limit is refused, even complete ones", async () => {
    const marker = path.join(dir, "ran.txt");
    const model = mockModel([
      assistant([toolCall("b1", "bash", { command: `echo ran > ${marker}` })], {
        stopReason: "length",
      }),
      assistant([text("ok")]),
    ]);
    const agent = agentFor(model);
    await agent.prompt("run it");

    await expect(readFile(marker, "utf8")).rejects.toThrow();
    expect(resultOf(agent).isError).toBe(true);
    expect(JSON.stringify(resultOf(agent).content)).toMatch(/output limit/);
  });

  it("a call whose arguments are incomplete is refused even without a length stop", async () => {
    await writeFile(path.join(dir, "notes.txt"), ORIGINAL);
    const cut = toolCall("w1", "write", { path: "notes.txt", content: "PARTIAL" });
    cut.incompleteArguments = '{"path":"notes.txt","content":"PARTIAL';
    const model = mockModel([assistant([cut]), assistant([text("ok")])]);
    const agent = agentFor(model);
    await agent.prompt("rewrite notes.txt");

    expect(await readFile(path.join(dir, "notes.txt"), "utf8")).toBe(ORIGINAL);
    expect(resultOf(agent).isError).toBe(true);
  });
});
