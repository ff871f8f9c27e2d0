import { textResponse, toolCallResponse } from "@gong/testing";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { RpcProcess } from "./harness.js";
import { DATABASE_QUESTION as QUESTION } from "./questions.js";

const mock = useMockLlmServer();

const askCall = () =>
  toolCallResponse([{ id: "toolu_ask", name: "ask_user", arguments: { questions: [QUESTION] } }]);

/** The text of the tool result the model got in the request after the question. */
const toolResultText = (body: unknown): string =>
  JSON.stringify((body as { messages: unknown[] }).messages.at(-1));

describe("gong-rpc JSON lines — ask_user through extension_ui_request", () => {
  it("the model asks, the client answers, the answer reaches the next request", async () => {
    const rpc = RpcProcess.start(gongSandbox(mock.anthropicBaseUrl));
    mock.enqueue([askCall(), textResponse("Postgres it is.")]);
    await rpc.request({ type: "prompt", message: "set up the database" });
    const ask = await rpc.waitFor((l) => l.type === "extension_ui_request");
    expect(ask).toMatchObject({ method: "ask_user", questions: [QUESTION] });
    // ask_user is in the default preset now that a client can answer.
    const tools = (mock.requests[0]!.body as { tools: { name: string }[] }).tools;
    expect(tools.map((t) => t.name)).toContain("ask_user");
    const wrong = await rpc.request({
      type: "extension_ui_response",
      requestId: ask.id,
      confirmed: true,
    });
    expect(wrong).toMatchObject({ success: false, error: expect.stringContaining('"answers"') });
    expect(
      await rpc.request({
        type: "extension_ui_response",
        requestId: ask.id,
        answers: { "Which database?": "Postgres" },
      }),
    ).toMatchObject({ success: true });
    expect(await rpc.waitFor((l) => l.type === "run_end")).toMatchObject({ ok: true });
    expect(toolResultText(mock.requests[1]!.body)).toContain("Answer: Postgres");
  });

  it("abort while the question waits cancels it; a late answer is refused", async () => {
    const rpc = RpcProcess.start(gongSandbox(mock.anthropicBaseUrl));
    mock.enqueue([askCall()]);
    await rpc.request({ type: "prompt", message: "set up the database" });
    const ask = await rpc.waitFor((l) => l.type === "extension_ui_request");
    expect(await rpc.request({ type: "abort" })).toMatchObject({ success: true });
    expect(await rpc.waitFor((l) => l.type === "run_end")).toMatchObject({ aborted: true });
    const late = await rpc.request({
      type: "extension_ui_response",
      requestId: ask.id,
      answers: { "Which database?": "Postgres" },
    });
    expect(late).toMatchObject({ success: false, error: expect.stringContaining("no open") });
    expect(mock.requests).toHaveLength(1);
  });

  it("no answer within --confirm-timeout: the model is told to use its best judgement", async () => {
    const rpc = RpcProcess.start(gongSandbox(mock.anthropicBaseUrl), ["--confirm-timeout", "0.3"]);
    mock.enqueue([askCall(), textResponse("I picked Postgres.")]);
    await rpc.request({ type: "prompt", message: "set up the database" });
    await rpc.waitFor((l) => l.type === "extension_ui_request");
    await rpc.waitFor((l) => l.type === "run_end");
    const text = toolResultText(mock.requests[1]!.body);
    expect(text).toContain("did not answer within 0.3 s");
    expect(text).toContain("best judgement");
  });
});
