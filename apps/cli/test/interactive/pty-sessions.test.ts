import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse } from "@gong/testing";
import { KEYS } from "@gong/testing/pty";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, sandbox, sessionFiles } from "../harness.js";
import { ask, READY, startGong, startReady, WAIT } from "./gong-terminal.js";

const mock = useMockLlmServer();

const OPENAI_MODEL = "openai/gpt-5.4-mini";

/** A sandbox with keys for Anthropic and OpenAI, both on the mock server. */
function keyedSession() {
  return sandbox(mock.anthropicBaseUrl, {
    OPENAI_API_KEY: "sk-openai-test",
    OPENAI_BASE_URL: mock.openaiBaseUrl,
  });
}

describe("interactive mode — session lifecycle", () => {
  it("a start without a message writes no session file; -c still finds the last real one (issue 22.6)", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(textResponse("first answer"));
    expect((await runGong(["-p", "the real question"], box)).code).toBe(0);
    expect(sessionFiles(box.gongHome)).toHaveLength(1);
    for (let i = 0; i < 2; i++) {
      const gong = await startReady(box);
      gong.write(KEYS.ctrlD);
      expect(await gong.exit).toEqual({ code: 0 });
    }
    expect(sessionFiles(box.gongHome)).toHaveLength(1);
    mock.enqueue(textResponse("second answer"));
    expect((await runGong(["-c", "-p", "again"], box)).code).toBe(0);
    expect(JSON.stringify(mock.requests.at(-1)!.body)).toContain("the real question");

    // Crash safety stays: once a message exists it is on disk, before the answer.
    const before = new Set(sessionFiles(box.gongHome));
    const gong = await startReady(box);
    mock.enqueue(textResponse("hello back"));
    await ask(gong, "hello from the terminal", "hello back");
    const created = sessionFiles(box.gongHome).filter((file) => !before.has(file));
    expect(created).toHaveLength(1);
    expect(readFileSync(created[0]!, "utf8")).toContain("hello from the terminal");
  });

  it("gong -r on a terminal opens the resume picker and continues the session chosen (issue 22.7)", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([textResponse("alpha answer"), textResponse("bravo answer")]);
    expect((await runGong(["-p", "alpha question"], box)).code).toBe(0);
    expect((await runGong(["-p", "bravo question"], box)).code).toBe(0);
    const gong = startGong(box, { args: ["-r"] });
    await gong.waitForText("Resume a session", WAIT);
    expect(gong.screen().join("\n")).toContain("bravo question");
    gong.write("alpha");
    await gong.waitForScreen(
      (lines) => !lines.some((line) => line.includes("bravo question")),
      WAIT,
    );
    gong.write(KEYS.enter);
    await gong.waitForText(READY, WAIT);
    await gong.waitForText("alpha answer", WAIT);
    mock.enqueue(textResponse("resumed answer"));
    await ask(gong, "one more", "resumed answer");
    const sent = JSON.stringify(mock.requests.at(-1)!.body);
    expect(sent).toContain("alpha question");
    expect(sent).not.toContain("bravo question");
    gong.write(KEYS.ctrlD);
    expect(await gong.exit).toEqual({ code: 0 });
  });

  it("gong -r on a terminal: Esc in the picker quits without opening a session (issue 22.7)", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(textResponse("alpha answer"));
    expect((await runGong(["-p", "alpha question"], box)).code).toBe(0);
    const gong = startGong(box, { args: ["-r"] });
    await gong.waitForText("Resume a session", WAIT);
    gong.write(KEYS.escape);
    expect(await gong.exit).toEqual({ code: 0 });
    expect(sessionFiles(box.gongHome)).toHaveLength(1);
  });

  it("resuming a session whose model has no key here: one line names the key, the model picker offers another (issue 22.8)", async () => {
    const box = keyedSession();
    mock.enqueue(textResponse("openai answer"));
    expect((await runGong(["--model", OPENAI_MODEL, "-p", "first question"], box)).code).toBe(0);
    const gong = startGong(box, { args: ["-c"], env: { OPENAI_API_KEY: undefined } });
    await gong.waitForText("Continue with another model", WAIT);
    const screen = gong.screen().join("\n");
    expect(screen).toContain("OPENAI_API_KEY");
    expect(screen).toContain(OPENAI_MODEL);
    expect(screen).not.toContain("Welcome to gong");
    gong.write("anthropic/claude-sonnet-5-5");
    await gong.waitForText("search: anthropic/claude-sonnet-5-5", WAIT);
    gong.write(KEYS.enter);
    await gong.waitForText(READY, WAIT);
    mock.enqueue(textResponse("anthropic answer"));
    await ask(gong, "second question", "anthropic answer");
    const last = mock.requests.at(-1)!;
    expect(last.wire).toMatch(/^anthropic/);
    expect(JSON.stringify(last.body)).toContain("first question");
  });

  it("/model and /thinking are remembered in the user settings for the next start (issue 22.9)", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const settings = path.join(box.gongHome, "settings.json");
    writeFileSync(settings, '{\n  // kept: my retries\n  "retry": { "maxRetries": 0 }\n}\n');
    const first = await startReady(box);
    first.write("/model anthropic/claude-opus-5\r");
    await first.waitForText("model: anthropic/claude-opus-5", WAIT);
    first.write("/thinking high\r");
    await first.waitForText("thinking: high", WAIT);
    // gong's own writes are not announced as edits (the watcher's debounce is 300 ms);
    // the user's edit still is.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(first.screen().join("\n")).not.toContain("settings changed");
    writeFileSync(
      settings,
      readFileSync(settings, "utf8").replace('"maxRetries": 0', '"maxRetries": 1'),
    );
    await first.waitForText("settings changed", WAIT);
    writeFileSync(
      settings,
      readFileSync(settings, "utf8").replace('"maxRetries": 1', '"maxRetries": 0'),
    );
    first.write(KEYS.ctrlD);
    expect(await first.exit).toEqual({ code: 0 });
    const text = readFileSync(settings, "utf8");
    expect(text).toContain("// kept: my retries");
    expect(text).toContain('"maxRetries": 0');
    expect(parseJsonc(text)).toMatchObject({
      defaultProvider: "anthropic",
      defaultModel: "claude-opus-5",
      defaultThinkingLevel: "high",
    });
    const next = await startReady(box);
    const status = next.screen().join("\n");
    expect(status).toContain("claude-opus-5");
    expect(status).toContain("thinking high");
  });
});

describe("resuming without the session model's key (issue 22.8)", () => {
  it("print mode says which key is missing in one line and how to continue; --model takes another", async () => {
    const box = keyedSession();
    mock.enqueue(textResponse("openai answer"));
    expect((await runGong(["--model", OPENAI_MODEL, "-p", "first question"], box)).code).toBe(0);
    const env = { ...box.env, OPENAI_API_KEY: undefined };
    const refused = await runGong(["-c", "-p", "next"], { ...box, env });
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split("\n")).toHaveLength(1);
    expect(refused.stderr).toContain(`last used ${OPENAI_MODEL}`);
    expect(refused.stderr).toContain("OPENAI_API_KEY");
    expect(refused.stderr).toContain("--model <provider/id>");
    mock.enqueue(textResponse("anthropic answer"));
    const taken = await runGong(["-c", "--model", "anthropic/claude-sonnet-5-5", "-p", "next"], {
      ...box,
      env,
    });
    expect(taken.code).toBe(0);
    expect(JSON.stringify(mock.requests.at(-1)!.body)).toContain("first question");
  });
});

/** A settings file with comments, as JSON. */
function parseJsonc(text: string): unknown {
  return JSON.parse(text.replace(/^\s*\/\/.*$/gm, ""));
}
