import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { isProcessAlive, textResponse, thinkingResponse, toolCallResponse } from "@gong/testing";
import { KEYS } from "@gong/testing/pty";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { sandbox, waitFor } from "../harness.js";
import { ask, startReady, WAIT, waitIdle } from "./gong-terminal.js";

const mock = useMockLlmServer();

const requestText = (index: number) => JSON.stringify(mock.requests[index]?.body);

describe("interactive mode — keys", () => {
  it("Alt+Enter while the agent works queues a follow-up: the run finishes, then it is sent", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([
        {
          id: "toolu_wait",
          name: "bash",
          arguments: { command: "echo $$ > wait.pid; sleep 4; echo waited" },
        },
      ]),
      textResponse("First task done."),
      textResponse("Follow-up done."),
    ]);
    const gong = await startReady(box);
    gong.write(`first task${KEYS.enter}`);
    const pidFile = path.join(box.cwd, "wait.pid");
    await waitFor(
      () => existsSync(pidFile) && readFileSync(pidFile, "utf8").endsWith("\n"),
      WAIT.timeoutMs,
    );
    gong.write(`then check the docs${KEYS.altEnter}`);
    await gong.waitForText(/follow-up: then check the docs/, WAIT);
    await gong.waitForText("Follow-up done.", WAIT);
    await waitIdle(gong);
    expect(mock.requests).toHaveLength(3);
    expect(requestText(1)).toContain("waited"); // the bash ran to its end, not interrupted
    expect(requestText(1)).not.toContain("then check the docs");
    expect(requestText(2)).toContain("then check the docs");
    expect(gong.screen().join("\n")).toContain("First task done.");
  });

  it("!command runs in the shell, shows its output, and the output reaches the model", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(textResponse("I see the marker."));
    const gong = await startReady(box);
    gong.write(`!echo shell-marker-$((40 + 2))${KEYS.enter}`);
    await gong.waitForText("shell-marker-42", WAIT);
    await waitIdle(gong);
    expect(mock.requests).toHaveLength(0);
    await ask(gong, "what did the shell print?", "I see the marker.");
    expect(requestText(0)).toContain("shell-marker-42");
  });

  it("Up brings back the previous prompt; Ctrl+D on an empty input quits with 0", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(textResponse("Answered."));
    const gong = await startReady(box);
    await ask(gong, "remember this prompt", "Answered.");
    gong.write(KEYS.up);
    await gong.waitForScreen(
      (lines) => lines.filter((line) => line.includes("remember this prompt")).length === 2,
      WAIT,
    );
    gong.write(KEYS.ctrlC); // clears the input
    await gong.waitForScreen(
      (lines) => lines.filter((line) => line.includes("remember this prompt")).length === 1,
      WAIT,
    );
    gong.write(KEYS.ctrlD);
    expect(await gong.exit).toEqual({ code: 0 });
  });

  it("Ctrl+T shows the model's thinking, and hides it again", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(
      thinkingResponse("First line of the plan.\nSecret-plan-7: check the tests.", "Plan made."),
    );
    const gong = await startReady(box);
    await ask(gong, "make a plan", "Plan made.");
    expect(gong.screen().join("\n")).toContain("Ctrl+T shows it");
    expect(gong.screen().join("\n")).not.toContain("First line of the plan.");
    gong.write(KEYS.ctrlT);
    await gong.waitForText("First line of the plan.", WAIT);
    gong.write(KEYS.ctrlT);
    await gong.waitForText("Ctrl+T shows it", WAIT);
    expect(gong.screen().join("\n")).not.toContain("First line of the plan.");
  });

  it("Ctrl+C on an empty input during a run aborts it and stops its process", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([
        { id: "toolu_long", name: "bash", arguments: { command: "echo $$ > long.pid; sleep 60" } },
      ]),
      textResponse("never requested"),
    ]);
    const gong = await startReady(box);
    gong.write(`run the slow script${KEYS.enter}`);
    const pidFile = path.join(box.cwd, "long.pid");
    await waitFor(
      () => existsSync(pidFile) && readFileSync(pidFile, "utf8").endsWith("\n"),
      WAIT.timeoutMs,
    );
    const pid = Number(readFileSync(pidFile, "utf8").trim());
    gong.write(KEYS.ctrlC);
    await waitIdle(gong);
    await waitFor(() => !isProcessAlive(pid), WAIT.timeoutMs);
    expect(mock.requests).toHaveLength(1);
    gong.write("still here");
    await gong.waitForText("still here", WAIT);
  });

  it("a pasted 30-line file shows as +30 lines (its final newline starts no line) and is sent in full", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(textResponse("Got the file."));
    const gong = await startReady(box);
    const file = Array.from({ length: 30 }, (_, i) => `line ${i + 1}\n`).join("");
    gong.write(`\x1b[200~${file}\x1b[201~`);
    await gong.waitForText(/\[paste #1 \+\d+ lines\]/, WAIT);
    expect(gong.screen().join("\n")).toContain("[paste #1 +30 lines]");
    await ask(gong, "", "Got the file.");
    expect(requestText(0)).toContain("line 1\\nline 2\\n");
    expect(requestText(0)).toContain("line 30");
  });

  it("Tab completes a slash command; Ctrl+J and Shift+Enter make new lines in the prompt", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(textResponse("Two lines received."));
    const gong = await startReady(box);
    gong.write("/hotk");
    await gong.waitForText(/→ hotkeys/, WAIT); // the completion list
    gong.write(KEYS.tab);
    await gong.waitForText(/^\/hotkeys$/m, WAIT); // the editor's line, completed
    gong.write(KEYS.enter);
    await gong.waitForText("exit gong", WAIT); // the end of the keys and commands
    expect(gong.output()).toContain("show or hide thinking"); // the keys block, above
    // Shift+Enter as xterm sends it with modifyOtherKeys (which gong switches on).
    gong.write(`line one${KEYS.ctrlJ}line two\x1b[27;2;13~line three`);
    await gong.waitForText(/line one\s*\n.*line two\s*\n.*line three/, WAIT);
    await ask(gong, "", "Two lines received.");
    expect(requestText(0)).toContain("line one\\nline two\\nline three");
  });

  it.each([
    ["in a git repository", true],
    ["outside git", false],
  ])("@ completes a project path, leaving out what .gitignore ignores (%s)", async (_, git) => {
    const box = sandbox(mock.anthropicBaseUrl);
    mkdirSync(path.join(box.cwd, "src"));
    mkdirSync(path.join(box.cwd, "build"));
    writeFileSync(path.join(box.cwd, "src", "parser.ts"), "export {};\n");
    writeFileSync(path.join(box.cwd, "build", "parser-bundle.ts"), "export {};\n");
    writeFileSync(path.join(box.cwd, ".gitignore"), "build/\n");
    if (git) execFileSync("git", ["init", "-q"], { cwd: box.cwd });
    mock.enqueue(textResponse("Looked."));
    const gong = await startReady(box);
    gong.write("look at @pars");
    await gong.waitForText(/→ parser\.ts/, WAIT); // the completion list
    expect(gong.screen().join("\n")).not.toContain("parser-bundle");
    gong.write(KEYS.tab);
    await gong.waitForText(/^look at @src\/parser\.ts\s*$/m, WAIT);
    await ask(gong, "", "Looked.");
    expect(requestText(0)).toContain("src/parser.ts");
  });
});
