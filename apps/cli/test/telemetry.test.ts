import { createServer, type Server } from "node:http";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { afterEach, describe, expect, it } from "vitest";
import { runGong, sandbox } from "./harness.js";

const mock = useMockLlmServer();

interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: string | number; doubleValue?: number };
}
interface OtlpSpan {
  name: string;
  spanId: string;
  parentSpanId?: string;
  attributes: OtlpAttribute[];
  status?: { code?: number; message?: string };
}

/** A local OTLP/HTTP receiver (JSON protocol) that keeps what it is sent, by path. */
async function startReceiver() {
  const bodies: { path: string; body: Record<string, unknown> }[] = [];
  const server: Server = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8");
    });
    request.on("end", () => {
      bodies.push({ path: request.url ?? "", body: JSON.parse(text) as Record<string, unknown> });
      response.writeHead(200, { "content-type": "application/json" });
      response.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  receivers.push(server);
  return { url: `http://127.0.0.1:${port}`, bodies };
}
const receivers: Server[] = [];
afterEach(() => {
  for (const server of receivers.splice(0)) server.close();
});

function resourceSpans(bodies: { path: string; body: Record<string, unknown> }[]) {
  return bodies
    .filter((b) => b.path === "/v1/traces")
    .flatMap((b) => b.body.resourceSpans as Record<string, unknown>[]);
}

function spansOf(bodies: { path: string; body: Record<string, unknown> }[]): OtlpSpan[] {
  return resourceSpans(bodies).flatMap((rs) =>
    (rs.scopeSpans as { spans: OtlpSpan[] }[]).flatMap((ss) => ss.spans),
  );
}

function attribute(span: { attributes: OtlpAttribute[] }, key: string) {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? value?.intValue ?? value?.doubleValue;
}

function otelEnv(url: string): NodeJS.ProcessEnv {
  return {
    OTEL_EXPORTER_OTLP_ENDPOINT: url,
    OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
    OTEL_SERVICE_NAME: "gong-under-test",
    OTEL_RESOURCE_ATTRIBUTES: "deployment.environment=ci,team=agents",
  };
}

describe("telemetry a user can switch on (OTLP/HTTP)", () => {
  it("exports run → turn → LLM call → tool call spans, with model, tokens, cost and tool status", async () => {
    const receiver = await startReceiver();
    const box = sandbox(mock.anthropicBaseUrl, otelEnv(receiver.url));
    mock.enqueue([
      toolCallResponse([{ id: "toolu_1", name: "bash", arguments: { command: "true" } }], {
        usage: { input: 1200, output: 40 },
      }),
      textResponse("Done.", { usage: { input: 1300, output: 5 } }),
    ]);
    const run = await runGong(["-p", "run it"], box);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("Done.\n");

    const [resource] = resourceSpans(receiver.bodies) as {
      resource: { attributes: OtlpAttribute[] };
    }[];
    expect(attribute(resource!.resource, "service.name")).toBe("gong-under-test");
    expect(attribute(resource!.resource, "deployment.environment")).toBe("ci");

    const spans = spansOf(receiver.bodies);
    const byName = (name: string) => spans.filter((s) => s.name === name);
    const [runSpan] = byName("gong.agent_run");
    const turns = byName("gong.turn");
    const llmCalls = byName("gong.llm_call");
    const [toolCall] = byName("gong.tool_call");
    expect(runSpan).toBeDefined();
    expect(turns).toHaveLength(2);
    expect(llmCalls).toHaveLength(2);
    for (const turn of turns) expect(turn.parentSpanId).toBe(runSpan!.spanId);
    expect(turns.map((t) => t.spanId)).toContain(llmCalls[0]!.parentSpanId);
    expect(toolCall!.parentSpanId).toBe(llmCalls[0]!.parentSpanId);
    expect(attribute(llmCalls[0]!, "gen_ai.request.model")).toBeTruthy();
    expect(Number(attribute(llmCalls[0]!, "gen_ai.usage.input_tokens"))).toBeGreaterThan(0);
    expect(attribute(llmCalls[0]!, "gong.cost.usd")).toBeDefined();
    expect(attribute(toolCall!, "gong.tool.name")).toBe("bash");
    expect(attribute(toolCall!, "gong.tool.status")).toBe("success");
  });

  it("task — a subagent's run is a child span of its task call", async () => {
    const receiver = await startReceiver();
    const box = sandbox(mock.anthropicBaseUrl, otelEnv(receiver.url));
    mock.setFallback((request) => {
      const body = JSON.stringify(request.body);
      if (body.includes("SUBTASK")) return textResponse("sub done");
      if (body.includes('"tool_result"')) return textResponse("Done.");
      const args = { description: "look", prompt: "SUBTASK look", subagent_type: "explore" };
      return toolCallResponse([{ id: "toolu_task", name: "task", arguments: args }]);
    });
    expect((await runGong(["-p", "delegate"], box)).code).toBe(0);
    const spans = spansOf(receiver.bodies);
    const runs = spans.filter((s) => s.name === "gong.agent_run");
    const taskCall = spans.find(
      (s) => s.name === "gong.tool_call" && attribute(s, "gong.tool.name") === "task",
    );
    expect(runs).toHaveLength(2);
    expect(runs.map((r) => r.parentSpanId)).toContain(taskCall!.spanId);
  });

  it("exports the session metrics (tokens, cost, tool calls)", async () => {
    const receiver = await startReceiver();
    const box = sandbox(mock.anthropicBaseUrl, otelEnv(receiver.url));
    mock.enqueue([
      toolCallResponse([{ id: "toolu_1", name: "bash", arguments: { command: "true" } }], {
        usage: { input: 1200, output: 40 },
      }),
      textResponse("Done.", { usage: { input: 1300, output: 5 } }),
    ]);
    expect((await runGong(["-p", "run it"], box)).code).toBe(0);
    const metricNames = receiver.bodies
      .filter((b) => b.path === "/v1/metrics")
      .flatMap((b) => JSON.stringify(b.body).match(/"name":"gong\.[a-z_.]+"/g) ?? []);
    expect(metricNames).toEqual(
      expect.arrayContaining([
        '"name":"gong.tokens"',
        '"name":"gong.cost"',
        '"name":"gong.tool.calls"',
        '"name":"gong.llm.calls"',
      ]),
    );
  });

  it("a failed run still flushes its spans before exit, with the error status", async () => {
    const receiver = await startReceiver();
    const box = sandbox(mock.anthropicBaseUrl, {
      ...otelEnv(receiver.url),
      OTEL_EXPORTER_OTLP_ENDPOINT: undefined,
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${receiver.url}/v1/traces`,
    });
    mock.enqueue({ type: "error", status: 401, message: "invalid x-api-key" });
    const run = await runGong(["-p", "hi"], box);
    expect(run.code).toBe(1);
    const [runSpan] = spansOf(receiver.bodies).filter((s) => s.name === "gong.agent_run");
    expect(runSpan?.status?.code).toBe(2); // ERROR
  });

  it("an aborted run (SIGINT) still flushes its spans before exit", async () => {
    const receiver = await startReceiver();
    const box = sandbox(mock.anthropicBaseUrl, otelEnv(receiver.url));
    mock.enqueue(textResponse("a long answer that never ends", { eventDelayMs: 500 }));
    await runGong(["-p", "hi"], box, {
      onSpawn: (child) => {
        const poll = setInterval(() => {
          if (mock.requests.length === 0) return;
          clearInterval(poll);
          child.kill("SIGINT");
        }, 20);
      },
    });
    const names = spansOf(receiver.bodies).map((s) => s.name);
    expect(names).toContain("gong.agent_run");
    expect(names).toContain("gong.llm_call");
  });

  it("without OTEL_EXPORTER_OTLP_* nothing is sent", async () => {
    const receiver = await startReceiver();
    const box = sandbox(mock.anthropicBaseUrl, { OTEL_SERVICE_NAME: "x" });
    mock.enqueue(textResponse("Done."));
    expect((await runGong(["-p", "hi"], box)).code).toBe(0);
    expect(receiver.bodies).toHaveLength(0);
  });
});
