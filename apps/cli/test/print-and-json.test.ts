import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { jsonLines, runGong, sandbox, writeSettings } from "./harness.js";

const mock = useMockLlmServer();

interface AnthropicBody {
  system?: string | { type: string; text: string }[];
  messages: { role: string; content: string | Record<string, unknown>[] }[];
  tools?: { name: string }[];
}

function body(index: number): AnthropicBody {
  const request = mock.requests[index];
  if (!request) throw new Error(`no request #${index} (got ${mock.requests.length})`);
  return request.body as AnthropicBody;
}

function systemText(b: AnthropicBody): string {
  return typeof b.system === "string" ? b.system : (b.system ?? []).map((s) => s.text).join("\n");
}

describe("gong -p — print mode", () => {
  it("prints the final answer and exits 0", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(textResponse("Hello from the mock."));
    const run = await runGong(["-p", "say hello"], box);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("Hello from the mock.\n");
    const first = body(0).messages[0]!;
    expect(JSON.stringify(first.content)).toContain("say hello");
  });

  it("read → edit → answer changes the file on disk and the second request carries the tool result", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const file = path.join(box.cwd, "greeting.txt");
    writeFileSync(file, "hello world\n");
    mock.enqueue([
      toolCallResponse([{ id: "toolu_read", name: "read", arguments: { path: "greeting.txt" } }]),
      toolCallResponse([
        {
          id: "toolu_edit",
          name: "edit",
          arguments: { path: "greeting.txt", oldText: "world", newText: "gong" },
        },
      ]),
      textResponse("Renamed world to gong."),
    ]);
    const run = await runGong(["-p", "rename world to gong in greeting.txt"], box);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("Renamed world to gong.\n");
    expect(readFileSync(file, "utf8")).toBe("hello gong\n");
    expect(mock.requests).toHaveLength(3);
    const second = JSON.stringify(body(1).messages);
    expect(second).toContain('"tool_result"');
    expect(second).toContain("toolu_read");
    expect(second).toContain("hello world");
  });

  it("piped stdin is appended to the prompt, and no -p with piped stdin behaves like print mode", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(textResponse("It is a stack trace."));
    const run = await runGong(["what is this?"], box, { input: "Error: boom\n    at main.ts:1\n" });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("It is a stack trace.\n");
    const text = JSON.stringify(body(0).messages[0]!.content);
    expect(text).toContain("what is this?");
    expect(text).toContain("Error: boom");
  });

  it("positional messages after the first are sent as follow-ups, in order", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([textResponse("first answer"), textResponse("second answer")]);
    const run = await runGong(["-p", "first question", "second question"], box);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("second answer\n");
    const messages = JSON.stringify(body(1).messages);
    expect(messages.indexOf("first question")).toBeLessThan(messages.indexOf("first answer"));
    expect(messages.indexOf("first answer")).toBeLessThan(messages.indexOf("second question"));
  });

  it("AGENTS.md content reaches the system prompt", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeFileSync(
      path.join(box.cwd, "AGENTS.md"),
      "Project rule: always answer in lowercase-7f3a.\n",
    );
    writeFileSync(path.join(box.gongHome, "AGENTS.md"), "Global rule: be brief-91c2.\n");
    mock.enqueue(textResponse("ok"));
    const run = await runGong(["-p", "hi"], box);
    expect(run.code).toBe(0);
    const system = systemText(body(0));
    expect(system).toContain("always answer in lowercase-7f3a");
    expect(system).toContain("be brief-91c2");
  });
});

describe("gong --mode json", () => {
  it("writes the session header, then the documented events in order, as valid JSONL", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeFileSync(path.join(box.cwd, "a.txt"), "alpha\n");
    mock.enqueue([
      toolCallResponse([{ id: "toolu_1", name: "read", arguments: { path: "a.txt" } }]),
      textResponse("It says alpha."),
    ]);
    const run = await runGong(["--mode", "json", "what does a.txt say?"], box);
    expect(run.code).toBe(0);
    const lines = jsonLines(run.stdout);
    expect(lines[0]).toMatchObject({ type: "session", version: 1, cwd: box.cwd });
    expect(typeof lines[0]!.id).toBe("string");
    const types = lines.slice(1).map((l) => l.type as string);
    const order = [
      "agent_start",
      "turn_start",
      "message_start",
      "message_end",
      "tool_execution_start",
      "tool_execution_end",
      "turn_end",
      "turn_start",
      "message_update",
      "message_end",
      "turn_end",
      "agent_end",
      "run_end",
    ];
    let at = -1;
    for (const type of order) {
      const next = types.indexOf(type, at + 1);
      expect(next, `${type} after index ${at} in ${types.join(",")}`).toBeGreaterThan(at);
      at = next;
    }
    const end = lines.find((l) => l.type === "tool_execution_end")!;
    expect(end).toMatchObject({ toolCallId: "toolu_1", toolName: "read", isError: false });
    expect((end.result as { status: string }).status).toBe("success");
    // How the run ended comes last (docs/events.schema.json).
    expect(lines[0]!.schemaVersion).toBe(1);
    expect(types.at(-1)).toBe("run_end");
    expect(lines.at(-1)).toMatchObject({ ok: true, reason: "completed", turns: 2 });
  });

  it("warnings (a broken settings file) are warning events after the header", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeFileSync(path.join(box.gongHome, "settings.json"), "{ nope");
    mock.enqueue(textResponse("ok"));
    const run = await runGong(["--mode", "json", "hi"], box);
    expect(run.code).toBe(0);
    const lines = jsonLines(run.stdout);
    expect(lines[0]!.type).toBe("session");
    expect(lines[1]).toMatchObject({
      type: "warning",
      message: expect.stringContaining("settings.json:1:3: invalid JSON"),
    });
    expect(run.stderr).toBe("");
  });

  it("the provider SDK's own warnings (a deprecated model) are warning events, not stray console lines", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(textResponse("ok"));
    const run = await runGong(["--mode", "json", "--model", "claude-sonnet-4-5", "hi"], box);
    expect(run.code).toBe(0);
    const warnings = jsonLines(run.stdout).filter((line) => line.type === "warning");
    expect(warnings).toEqual([
      { type: "warning", message: expect.stringMatching(/claude-sonnet-4-5' is deprecated/) },
    ]);
    expect(run.stderr).toBe("");

    mock.enqueue(textResponse("ok"));
    const printed = await runGong(["-p", "--model", "claude-sonnet-4-5", "hi"], box);
    expect(printed.code).toBe(0);
    expect(printed.stdout).toBe("ok\n");
    expect(printed.stderr).toMatch(/^gong: warning: .*claude-sonnet-4-5' is deprecated/);
  });

  it("a failed run exits 1 in json mode too", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { retry: { maxRetries: 0 } });
    mock.enqueue({
      type: "error",
      status: 401,
      message: "invalid x-api-key",
      errorType: "authentication_error",
    });
    const run = await runGong(["--mode", "json", "hi"], box);
    expect(run.code).toBe(1);
    const lines = jsonLines(run.stdout);
    expect(lines[0]!.type).toBe("session");
    expect(lines.at(-2)!.type).toBe("agent_end");
    expect(lines.at(-1)).toMatchObject({ type: "run_end", ok: false, reason: "error" });
    expect(lines.at(-1)!.errorMessage).toMatch(/invalid x-api-key/);
    expect(run.stderr).toMatch(/invalid x-api-key/);
  });
});

describe("gong tools selection", () => {
  it("--tools restricts the tools sent to the model", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(textResponse("ok"));
    const run = await runGong(["-p", "--tools", "read,grep", "hi"], box);
    expect(run.code).toBe(0);
    expect(body(0).tools?.map((t) => t.name)).toEqual(["read", "grep"]);
  });

  it("--preset readonly sends read, grep, find, ls only", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(textResponse("ok"));
    const run = await runGong(["-p", "--preset", "readonly", "hi"], box);
    expect(run.code).toBe(0);
    expect(
      body(0)
        .tools?.map((t) => t.name)
        .sort(),
    ).toEqual(["find", "grep", "ls", "read"]);
  });

  it("an unknown tool name is a usage error", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const run = await runGong(["-p", "--tools", "read,teleport", "hi"], box);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/teleport/);
    expect(mock.requests).toHaveLength(0);
  });
});
