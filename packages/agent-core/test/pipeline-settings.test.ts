import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ToolResultMessage } from "@gong/llm";
import { createObservationTruncator, resolveObservationConfig } from "@gong/truncate";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Agent, type AgentEvent, buildSystemPrompt } from "../src/index.js";
import { resolveOutputLevel } from "../src/output-level.js";
import { DEFAULT_RETRY_POLICY, retryDelayMs } from "../src/retry.js";
import { assistant, failed, mockModel, testModel, text, toolCall } from "./helpers/mock-stream.js";
import { echoTool, readFileTool } from "./helpers/tools.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "gong-pipeline-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const results = (agent: Agent) =>
  agent.state.messages.filter((m) => m.role === "toolResult") as ToolResultMessage[];
const firstText = (m: ToolResultMessage | undefined) =>
  (m?.content[0] as { text: string } | undefined)?.text ?? "";

describe("seed 004 output levels — fallback chain", () => {
  it("per call → per tool → global → brief over 80 % → standard", () => {
    expect(
      resolveOutputLevel({
        callLevel: "full",
        toolLevel: "brief",
        globalLevel: "brief",
        contextUsage: 0.9,
      }),
    ).toBe("full");
    expect(resolveOutputLevel({ callLevel: "nonsense", toolLevel: "brief", contextUsage: 0 })).toBe(
      "brief",
    );
    expect(resolveOutputLevel({ globalLevel: "full", contextUsage: 0.95 })).toBe("full");
    expect(resolveOutputLevel({ contextUsage: 0.81 })).toBe("brief");
    expect(resolveOutputLevel({ contextUsage: 0.8 })).toBe("standard");
  });

  it("the context usage is only measured when no call, tool or global level is set", () => {
    let measured = 0;
    const usage = () => {
      measured++;
      return 0.9;
    };
    expect(resolveOutputLevel({ globalLevel: "full", contextUsage: usage })).toBe("full");
    expect(measured).toBe(0);
    expect(resolveOutputLevel({ contextUsage: usage })).toBe("brief");
    expect(measured).toBe(1);
  });

  it("the tool receives the level chosen for the call", async () => {
    await writeFile(path.join(dir, "a.txt"), "A");
    const model = mockModel([
      assistant([
        toolCall("1", "read", { path: "a.txt", output_level: "full" }),
        toolCall("2", "read", { path: "a.txt" }),
      ]),
      assistant([text("ok")]),
    ]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      cwd: dir,
      tools: [readFileTool()],
      settings: { toolOutputLevels: { read: "brief" } },
    });
    await agent.prompt("read");
    const levels = results(agent).map(
      (r) => (r.details as { data: { output_level: string } }).data.output_level,
    );
    expect(levels).toEqual(["full", "brief"]);
  });
});

describe("seed 004 output levels — context pressure", () => {
  it("over 80 % of the context window the default level drops to brief", async () => {
    await writeFile(path.join(dir, "a.txt"), "A");
    const model = mockModel([
      assistant([toolCall("1", "read", { path: "a.txt" })], { input: 90_000 }),
      assistant([text("ok")]),
    ]);
    const agent = new Agent({
      model: { ...testModel, contextWindow: 100_000 },
      streamFn: model.streamFn,
      cwd: dir,
      tools: [readFileTool()],
      settings: { compaction: { enabled: false } },
    });
    await agent.prompt("read");
    expect(
      (results(agent)[0]!.details as { data: { output_level: string } }).data.output_level,
    ).toBe("brief");
  });
});

describe("Observation pipeline — onToolResult → ObservationTruncator → toolResult", () => {
  it("a large result is spilled to .tool-output and the model gets the preview and the hint", async () => {
    const big = Array.from({ length: 3000 }, (_, i) => `line ${i + 1}`).join("\n");
    await writeFile(path.join(dir, "big.txt"), big);
    const config = resolveObservationConfig({ rootDir: dir }, {});
    if (!config.ok) throw new Error(config.error);
    const model = mockModel([
      assistant([toolCall("1", "read", { path: "big.txt" })]),
      assistant([text("ok")]),
    ]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      cwd: dir,
      tools: [readFileTool()],
      truncator: createObservationTruncator(config.config),
      hooks: [{ onToolResult: (_n, r) => ({ ...r, text: `${r.text}\nHOOKED` }) }],
    });
    const events: AgentEvent[] = [];
    agent.subscribe((e) => events.push(e));
    await agent.prompt("read big");
    const result = results(agent)[0]!;
    const envelope = result.details as {
      status: string;
      data: { truncation: { full_output_path: string } };
    };
    expect(envelope.status).toBe("partial");
    const spilled = JSON.parse(
      await readFile(path.join(dir, envelope.data.truncation.full_output_path), "utf8"),
    );
    expect(spilled.text.endsWith("HOOKED")).toBe(true); // the hook ran before the truncator
    expect(firstText(result)).toContain("line 1\n");
    expect(firstText(result)).not.toContain("line 2999");
    const end = events.find((e) => e.type === "tool_execution_end");
    expect(end?.type === "tool_execution_end" && end.result).toEqual(result.details);
  });

  it("images in data.images reach the model next to the text", async () => {
    const { defineTool, success } = await import("@gong/tools");
    const { Type } = await import("@sinclair/typebox");
    const screenshot = defineTool({
      name: "screenshot",
      label: "s",
      description: "s",
      parameters: Type.Object({}),
      async execute() {
        return success(
          { images: [{ type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" }] },
          "1 image",
        );
      },
    });
    const model = mockModel([assistant([toolCall("1", "screenshot")]), assistant([text("ok")])]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      tools: [screenshot as never],
    });
    await agent.prompt("shoot");
    expect(results(agent)[0]?.content).toEqual([
      { type: "text", text: "1 image" },
      { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" },
    ]);
  });

  it("an unknown tool gets a NOT_FOUND result naming the available tools", async () => {
    const model = mockModel([assistant([toolCall("1", "teleport")]), assistant([text("ok")])]);
    const agent = new Agent({ model: testModel, streamFn: model.streamFn, tools: [echoTool()] });
    await agent.prompt("go");
    expect(firstText(results(agent)[0])).toContain(
      "Tool teleport not found. Available tools: echo.",
    );
  });
});

describe("Doom-loop guard", () => {
  it("the third identical call is flagged to the model; a gate hook sees the count", async () => {
    const call = () => assistant([toolCall(`c${Math.random()}`, "echo", { text: "same" })]);
    const model = mockModel([call(), call(), call(), assistant([text("giving up")])]);
    const counts: number[] = [];
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      tools: [echoTool()],
      hooks: [{ beforeToolCall: (_n, _p, info) => void counts.push(info.repeatCount ?? 0) }],
    });
    await agent.prompt("loop");
    const texts = results(agent).map(firstText);
    expect(texts[0]).toBe("same");
    expect(texts[1]).toBe("same");
    expect(texts[2]).toContain("called echo with identical arguments 3 times in a row");
    expect(counts).toEqual([1, 2, 3]);
  });

  it("a gate hook can stop the loop using the repeat count", async () => {
    const call = () => assistant([toolCall(`c${Math.random()}`, "echo", { text: "same" })]);
    const model = mockModel([call(), call(), call(), assistant([text("stopped")])]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      tools: [echoTool()],
      hooks: [
        {
          beforeToolCall: (_n, _p, info) =>
            (info.repeatCount ?? 0) >= 3 ? { block: "repeating" } : "ok",
        },
      ],
    });
    await agent.prompt("loop");
    expect(results(agent).map((r) => r.isError)).toEqual([false, false, true]);
  });
});

describe("Retry policy (ARCHITECTURE §8)", () => {
  it("backs off 2 s × 2ⁿ capped at 60 s and honours retry-after up to the cap", () => {
    expect([0, 1, 2, 5, 10].map((n) => retryDelayMs(DEFAULT_RETRY_POLICY, n))).toEqual([
      2000, 4000, 8000, 60_000, 60_000,
    ]);
    expect(retryDelayMs(DEFAULT_RETRY_POLICY, 0, 30_000)).toBe(30_000);
    expect(retryDelayMs(DEFAULT_RETRY_POLICY, 0, 600_000)).toBe(60_000);
  });

  it("gives up after maxRetries with the count in the error", async () => {
    const model = mockModel([], failed("server", "500 internal error"));
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      settings: { retry: { maxRetries: 2, baseDelayMs: 1 } },
    });
    const events: AgentEvent[] = [];
    agent.subscribe((e) => events.push(e));
    await agent.prompt("hi");
    expect(model.requests).toHaveLength(3);
    expect(
      events.filter((e) => e.type === "retry").map((e) => (e.type === "retry" ? e.attempt : 0)),
    ).toEqual([1, 2]);
    expect(agent.state.error).toContain("Gave up after 2 retries");
    expect(agent.metrics.session.retries).toBe(2);
  });

  it("abort while waiting to retry ends the run at once", async () => {
    const model = mockModel([failed("rate_limit", "429")], assistant([text("never")]));
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      settings: { retry: { baseDelayMs: 60_000 } },
    });
    agent.subscribe((e) => {
      if (e.type === "retry") setTimeout(() => agent.abort(), 10);
    });
    const started = Date.now();
    await agent.prompt("hi");
    expect(Date.now() - started).toBeLessThan(45_000); // the retry would wait 60 s
    expect(model.requests).toHaveLength(1);
    expect(agent.state.isStreaming).toBe(false);
  });
});

describe("Metrics", () => {
  it("counts tool calls, durations, success rate, tokens and cost", async () => {
    const model = mockModel([
      assistant([toolCall("1", "echo", { text: "a" }), toolCall("2", "teleport")], {
        input: 100,
        output: 20,
      }),
      assistant([text("ok")], { input: 150, output: 10 }),
    ]);
    const agent = new Agent({ model: testModel, streamFn: model.streamFn, tools: [echoTool()] });
    await agent.prompt("go");
    const metrics = agent.metrics;
    expect(metrics.tools.echo).toMatchObject({ calls: 1, successes: 1, successRate: 1 });
    expect(metrics.tools.echo?.avgDurationMs).toBeGreaterThanOrEqual(0);
    expect(metrics.session).toMatchObject({
      inputTokens: 250,
      outputTokens: 30,
      llmCalls: 2,
      turns: 2,
      toolCalls: 1,
    });
    expect(metrics.session.cost).toBeCloseTo(0.002);
  });
});

describe("System prompt builder", () => {
  it("is built from the resources it is given", () => {
    const prompt = buildSystemPrompt({
      tools: [{ name: "read", description: "Read a file.\nMore detail." }],
      cwd: "/work/project",
      date: new Date("2026-03-04T10:00:00Z"),
      contextFiles: [{ path: "/work/project/AGENTS.md", content: "Use pnpm.\n" }],
      appendPrompt: "Answer in English.",
    });
    expect(prompt).toContain("- read: Read a file.");
    expect(prompt).not.toContain("More detail.");
    expect(prompt).toContain('<file path="/work/project/AGENTS.md">\nUse pnpm.\n</file>');
    expect(prompt).toContain("Current date: 2026-03-04");
    expect(prompt).toContain("Current working directory: /work/project");
    expect(prompt.trim().endsWith("Current working directory: /work/project")).toBe(true);
    expect(prompt).toContain("Answer in English.");
    const custom = buildSystemPrompt({ tools: [], cwd: "/", customPrompt: "You are terse." });
    expect(custom.startsWith("You are terse.")).toBe(true);
  });
});
