import { type Context, type Span, type SpanStatus, trace } from "@opentelemetry/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../src/index.js";
import { assistant, mockModel, testModel, text, toolCall } from "./helpers/mock-stream.js";
import { echoTool } from "./helpers/tools.js";

interface Recorded {
  name: string;
  id: string;
  parentId: string | undefined;
  attributes: Record<string, unknown>;
  status: SpanStatus | undefined;
  ended: boolean;
}

const recorded: Recorded[] = [];
let nextId = 1;

/** The smallest span recorder the OpenTelemetry API accepts, so no SDK is needed. */
function recordingSpan(
  name: string,
  attributes: Record<string, unknown>,
  parent: Span | undefined,
): Span {
  const record: Recorded = {
    name,
    id: (nextId++).toString(16).padStart(16, "0"),
    parentId: parent?.spanContext().spanId,
    attributes: { ...attributes },
    status: undefined,
    ended: false,
  };
  recorded.push(record);
  const span: Span = {
    spanContext: () => ({ traceId: "1".repeat(32), spanId: record.id, traceFlags: 1 }),
    setAttribute: (key, value) => {
      record.attributes[key] = value;
      return span;
    },
    setAttributes: (values) => {
      Object.assign(record.attributes, values);
      return span;
    },
    addEvent: () => span,
    addLink: () => span,
    addLinks: () => span,
    setStatus: (status) => {
      record.status = status;
      return span;
    },
    updateName: () => span,
    end: () => {
      record.ended = true;
    },
    isRecording: () => true,
    recordException: () => {},
  };
  return span;
}

beforeAll(() => {
  trace.setGlobalTracerProvider({
    getTracer: () => ({
      startSpan: (name, options, context?: Context) =>
        recordingSpan(
          name,
          (options?.attributes ?? {}) as Record<string, unknown>,
          context ? trace.getSpan(context) : undefined,
        ),
      startActiveSpan: () => {
        throw new Error("not used by agent-core");
      },
    }),
  });
});
afterAll(() => {
  trace.disable();
});

describe("Observability — OpenTelemetry spans", () => {
  it("wraps the run, each turn, each LLM call and each tool call, nested", async () => {
    const model = mockModel([
      assistant([toolCall("1", "echo", { text: "a" })], { input: 42, output: 7 }),
      assistant([text("done")]),
    ]);
    const agent = new Agent({ model: testModel, streamFn: model.streamFn, tools: [echoTool()] });
    await agent.prompt("go");
    const byName = (name: string) => recorded.filter((s) => s.name === name);
    const [run] = byName("gong.agent_run");
    const turns = byName("gong.turn");
    const llm = byName("gong.llm_call");
    const tools = byName("gong.tool_call");
    expect(run).toBeDefined();
    expect(turns).toHaveLength(2);
    expect(llm).toHaveLength(2);
    expect(tools).toHaveLength(1);
    for (const turn of turns) expect(turn.parentId).toBe(run?.id);
    expect(llm.map((s) => s.parentId)).toEqual(turns.map((t) => t.id));
    expect(tools[0]?.parentId).toBe(turns[0]?.id);
    expect(llm[0]?.attributes).toMatchObject({
      "gen_ai.request.model": "mock-model",
      "gen_ai.usage.input_tokens": 42,
      "gen_ai.usage.output_tokens": 7,
    });
    expect(tools[0]?.attributes["gong.tool.name"]).toBe("echo");
    expect(recorded.every((s) => s.ended)).toBe(true);
  });
});
