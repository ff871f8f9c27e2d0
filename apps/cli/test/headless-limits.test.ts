import { readFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import {
  jsonLines,
  runGong,
  type Sandbox,
  sandbox,
  sessionFiles,
  waitFor,
  writeJson,
  writeSettings,
} from "./harness.js";

const mock = useMockLlmServer();

/**
 * A provider `priced` on the mock whose input costs $1000 per million tokens: an answer
 * reporting 100 input tokens costs $0.10, so a budget is reached in a few calls.
 */
function pricedModel(box: Sandbox): string[] {
  writeJson(path.join(box.gongHome, "models.json"), {
    providers: {
      priced: {
        baseUrl: mock.anthropicBaseUrl,
        api: "anthropic-messages",
        apiKey: "priced-key",
        models: [{ id: "priced-1", cost: { input: 1000, output: 0, cacheRead: 0, cacheWrite: 0 } }],
      },
    },
  });
  return ["--model", "priced/priced-1"];
}

const DIME = { usage: { input: 100, output: 10 } };
const ls = (id: string) => ({ id, name: "ls", arguments: {} });

/** A model that never stops calling tools: each answer is one more `ls`. */
function endlessTools(count: number, options = {}): void {
  mock.enqueue(
    Array.from({ length: count }, (_, i) => toolCallResponse([ls(`toolu_${i}`)], options)),
  );
}

function lastLine(stdout: string): Record<string, unknown> {
  return jsonLines(stdout).at(-1)!;
}

describe("gong --max-turns — a turn is one model call", () => {
  it("json: stops before the 4th call with --max-turns 3, exit 1, session saved, run_end max_turns last", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    endlessTools(10);
    const run = await runGong(["-p", "--mode", "json", "--max-turns", "3", "list forever"], box);
    expect(run.code).toBe(1);
    expect(mock.requests).toHaveLength(3);
    const end = lastLine(run.stdout);
    expect(end).toMatchObject({ type: "run_end", ok: false, aborted: false, reason: "max_turns" });
    expect(end.turns).toBe(3);
    expect(end.errorMessage).toMatch(/turn limit \(3 model calls\)/);
    // The session holds the prompt, the three answers and their three tool results.
    const [file] = sessionFiles(box.gongHome);
    expect(end.sessionFile).toBe(file);
    const roles = readFileSync(file!, "utf8")
      .split("\n")
      .filter((line) => line.includes('"type":"message"'))
      .map((line) => (JSON.parse(line) as { message: { role: string } }).message.role);
    expect(roles).toEqual([
      "user",
      "assistant",
      "toolResult",
      "assistant",
      "toolResult",
      "assistant",
      "toolResult",
    ]);
  });

  it("print: a clear stderr line, exit 1, nothing on stdout", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    endlessTools(10);
    const run = await runGong(["-p", "--max-turns", "2", "list forever"], box);
    expect(run.code).toBe(1);
    expect(mock.requests).toHaveLength(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^gong: Stopped at the turn limit \(2 model calls\)/m);
  });

  it("a run that ends within the limit exits 0 with reason completed and its totals", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([toolCallResponse([ls("toolu_a")], DIME), textResponse("done", DIME)]);
    const args = [...pricedModel(box), "-p", "--mode", "json", "--max-turns", "2", "go"];
    const run = await runGong(args, box);
    expect(run.code).toBe(0);
    const end = lastLine(run.stdout);
    expect(end).toMatchObject({ type: "run_end", ok: true, reason: "completed", turns: 2 });
    expect(end.usage).toMatchObject({ input: 200, output: 20 });
    expect(end.costUsd).toBeCloseTo(0.2, 10);
  });

  it("settings limits apply when no flag is given; the flag wins over them", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { limits: { maxTurns: 1 } });
    endlessTools(10);
    const bySettings = await runGong(["-p", "--mode", "json", "go"], box);
    expect(bySettings.code).toBe(1);
    expect(lastLine(bySettings.stdout)).toMatchObject({ reason: "max_turns", turns: 1 });
    mock.reset();
    endlessTools(10);
    const byFlag = await runGong(["-p", "--mode", "json", "--max-turns", "2", "go"], box);
    expect(lastLine(byFlag.stdout)).toMatchObject({ reason: "max_turns", turns: 2 });
    expect(mock.requests).toHaveLength(2);
  });

  it("bad values are usage errors (exit 2)", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    for (const bad of [
      ["--max-turns", "0"],
      ["--max-turns", "two"],
      ["--max-budget-usd", "-1"],
      ["--max-budget-usd", "abc"],
    ]) {
      const run = await runGong(["-p", ...bad, "go"], box);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(bad[0]);
    }
    expect(mock.requests).toHaveLength(0);
  });
});

describe("gong --max-budget-usd — dollars from the model's prices", () => {
  it("stops before the call after the budget is reached, exit 1, run_end max_budget with the cost", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    endlessTools(10, DIME);
    const args = [...pricedModel(box), "-p", "--mode", "json", "--max-budget-usd", "0.25", "go"];
    const run = await runGong(args, box);
    expect(run.code).toBe(1);
    // $0.10, $0.20, $0.30: the third call reaches the budget, no fourth starts.
    expect(mock.requests).toHaveLength(3);
    const end = lastLine(run.stdout);
    expect(end).toMatchObject({ type: "run_end", ok: false, reason: "max_budget", turns: 3 });
    expect(end.costUsd).toBeCloseTo(0.3, 10);
  });

  it("a subagent's calls count toward the parent's budget", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const task = {
      id: "toolu_task",
      name: "task",
      arguments: { description: "look", prompt: "SUBTASK look around" },
    };
    mock.enqueue([
      toolCallResponse([task], DIME),
      // The subagent's one answer costs $0.30: with the parent's $0.10 the budget is gone.
      textResponse("found it", { usage: { input: 300, output: 0 } }),
      toolCallResponse([ls("toolu_after")], DIME),
      textResponse("never asked", DIME),
    ]);
    const args = [...pricedModel(box), "-p", "--mode", "json", "--max-budget-usd", "0.25", "go"];
    const run = await runGong(args, box);
    expect(run.code).toBe(1);
    expect(mock.requests).toHaveLength(2);
    const end = lastLine(run.stdout);
    expect(end).toMatchObject({ reason: "max_budget", turns: 1 });
    expect(end.costUsd).toBeCloseTo(0.4, 10);
  });
});

describe("gong --mode json — run_end is the last line on every path", () => {
  it("SIGTERM mid-call: exit 143 and run_end with reason aborted, after the run's events", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue({ type: "response", content: [], stallBeforeResponse: true });
    let seen = "";
    const run = runGong(["-p", "--mode", "json", "--max-turns", "5", "wait"], box, {
      onSpawn: (child) => {
        child.stdout?.on("data", (chunk: Buffer | string) => {
          seen += chunk.toString();
        });
        void waitFor(() => mock.requests.length === 1, 60_000).then(() => child.kill("SIGTERM"));
      },
    });
    const done = await run;
    expect(done.code).toBe(143);
    expect(seen).toContain('"turn_start"');
    const end = lastLine(done.stdout);
    expect(end).toMatchObject({ type: "run_end", ok: false, aborted: true, reason: "aborted" });
  });
});
