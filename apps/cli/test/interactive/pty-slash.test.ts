import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type RecordedRequest, textResponse } from "@gong/testing";
import { KEYS } from "@gong/testing/pty";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, sandbox, sessionFiles, smallWindow } from "../harness.js";
import { ask, snapshotText, startReady, WAIT } from "./gong-terminal.js";

const mock = useMockLlmServer();

const messagesOf = (request: RecordedRequest | undefined) =>
  JSON.stringify((request?.body as { messages?: unknown } | undefined)?.messages);

/** A long answer, so there is something worth compacting (~300 tokens). */
const LONG = (topic: string) =>
  `${topic}: ${"the agent reads the files, runs the tests and edits the code. ".repeat(20)}`;

describe("interactive mode — slash commands", () => {
  it("/model switches to another provider's model; the next request goes there with that provider's key", async () => {
    const box = sandbox(mock.anthropicBaseUrl, {
      OPENAI_BASE_URL: mock.openaiBaseUrl,
      OPENAI_API_KEY: "sk-openai-picked",
    });
    mock.enqueue([textResponse("Anthropic here."), textResponse("OpenAI here.")]);
    const gong = await startReady(box);
    await ask(gong, "who are you?", "Anthropic here.");
    gong.write(`/model${KEYS.enter}`);
    await gong.waitForText("search:", WAIT);
    gong.write("openai gpt-4o-mini");
    // The whole query, not only a prefix that already selects the model.
    await gong.waitForText("search: openai gpt-4o-mini", WAIT);
    await gong.waitForText(/› +openai\/gpt-4o-mini/, WAIT);
    await expect(snapshotText(gong.screen(), box)).toMatchFileSnapshot(
      "__screens__/model-picker.txt",
    );
    gong.write(KEYS.enter);
    await gong.waitForText("model: openai/gpt-4o-mini", WAIT);
    await ask(gong, "and now?", "OpenAI here.");
    const [first, second] = mock.requests;
    expect(first!.wire).toBe("anthropic-messages");
    expect(second!.wire).not.toBe("anthropic-messages");
    expect(second!.body).toMatchObject({ model: "gpt-4o-mini" });
    expect(second!.headers.authorization).toBe("Bearer sk-openai-picked");
    expect(JSON.stringify(second!.headers)).not.toContain("sk-ant-test");
    expect(JSON.stringify(second!.body)).toContain("Anthropic here."); // the conversation went along
  });

  it("/compact writes a compaction entry into the session file", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    smallWindow(box, mock.anthropicBaseUrl);
    mock.enqueue([
      textResponse(LONG("first")),
      textResponse(LONG("second")),
      textResponse("SUMMARY-MARKER: two long answers about the agent."),
    ]);
    const gong = await startReady(box, { args: ["--model", "tiny/tiny-1"] });
    await ask(gong, "tell me once", "first:");
    await ask(gong, "tell me twice", "second:");
    gong.write(`/compact${KEYS.enter}`);
    await gong.waitForText(/compacted: .* → .* tokens/, WAIT);
    const [file] = sessionFiles(box.gongHome);
    const entries = readFileSync(file!, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { type: string; summary?: string });
    const compactions = entries.filter((entry) => entry.type === "compaction");
    expect(compactions).toHaveLength(1);
    expect(compactions[0]!.summary).toContain("SUMMARY-MARKER");
  });

  it("/resume opens an earlier session of this folder and continues it", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(textResponse("Noted: kiwi."));
    expect((await runGong(["-p", "remember the fruit kiwi"], box)).code).toBe(0);
    mock.enqueue([textResponse("A fresh start."), textResponse("The fruit was kiwi.")]);
    const gong = await startReady(box);
    await ask(gong, "something else", "A fresh start.");
    gong.write(`/resume${KEYS.enter}`);
    await gong.waitForText("Resume a session", WAIT);
    gong.write("kiwi");
    await gong.waitForText(/› +remember the fruit kiwi/, WAIT);
    gong.write(KEYS.enter);
    await gong.waitForText("resumed session", WAIT);
    expect(gong.screen().join("\n")).toContain("Noted: kiwi.");
    await ask(gong, "which fruit?", "The fruit was kiwi.");
    const sent = messagesOf(mock.requests.at(-1));
    expect(sent).toContain("remember the fruit kiwi");
    expect(sent).not.toContain("something else");
  });

  it("/tree goes back to an earlier entry: the next request leaves the later turn out", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      textResponse("First answer."),
      textResponse("Second answer."),
      textResponse("Branched answer."),
    ]);
    const gong = await startReady(box);
    await ask(gong, "first question", "First answer.");
    await ask(gong, "second question", "Second answer.");
    gong.write(`/tree${KEYS.enter}`);
    await gong.waitForText("Session tree", WAIT);
    await gong.waitForText("← current", WAIT);
    await expect(snapshotText(gong.screen(), box)).toMatchFileSnapshot("__screens__/tree.txt");
    // From the current leaf (the second answer) up to the first answer.
    gong.write(KEYS.up + KEYS.up);
    await gong.waitForText(/› +.*First answer\./, WAIT);
    gong.write(KEYS.enter);
    await gong.waitForText("continuing from the chosen entry", WAIT);
    await ask(gong, "a different second question", "Branched answer.");
    const sent = messagesOf(mock.requests.at(-1));
    expect(sent).toContain("first question");
    expect(sent).toContain("First answer.");
    expect(sent).not.toContain('"text":"second question"');
    expect(sent).not.toContain("Second answer.");
  });

  it("the footer's cost is /session's cost, also after /tree leaves a branch", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const usage = { usage: { input: 200_000, output: 1_000 } };
    mock.enqueue([textResponse("First answer.", usage), textResponse("Second answer.", usage)]);
    const gong = await startReady(box);
    await ask(gong, "first question", "First answer.");
    await ask(gong, "second question", "Second answer.");
    gong.write(`/tree${KEYS.enter}`);
    await gong.waitForText("← current", WAIT);
    gong.write(KEYS.up + KEYS.up);
    await gong.waitForText(/› +.*First answer\./, WAIT);
    gong.write(KEYS.enter);
    await gong.waitForText("continuing from the chosen entry", WAIT);
    gong.write(`/session${KEYS.enter}`);
    await gong.waitForText(/cost +\$\d+\.\d{4}/, WAIT);
    const screen = gong.screen().join("\n");
    const shown = Number(/cost +\$(\d+\.\d+)/.exec(screen)![1]);
    const footer = Number(/thinking \w+ · .*\$(\d+\.\d+)\s*$/m.exec(screen)![1]);
    expect(shown).toBeGreaterThan(0);
    expect(footer).toBe(Number(shown.toFixed(shown < 1 ? 3 : 2)));
  });

  it("/thinking high reaches the next request; the footer says so", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(textResponse("Thought about it."));
    const gong = await startReady(box);
    gong.write(`/thinking high${KEYS.enter}`);
    await gong.waitForText("thinking: high", WAIT);
    await gong.waitForText("thinking high ·", WAIT);
    await ask(gong, "think hard", "Thought about it.");
    expect(JSON.stringify(mock.requests[0]!.body)).toMatch(
      /"thinking":\{[^}]*"type":"(enabled|adaptive)"/,
    );
  });

  it("/new starts an empty session: the next request carries nothing from before", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([textResponse("Noted the secret."), textResponse("Fresh answer.")]);
    const gong = await startReady(box);
    await ask(gong, "the secret is tangerine", "Noted the secret.");
    gong.write(`/new${KEYS.enter}`);
    await gong.waitForText("new session", WAIT);
    await ask(gong, "what is the secret?", "Fresh answer.");
    expect(messagesOf(mock.requests[1])).not.toContain("tangerine");
    expect(sessionFiles(box.gongHome)).toHaveLength(2);
  });

  it("/session names the session file; /export writes the conversation as an HTML page", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(textResponse("Exportable answer."));
    const gong = await startReady(box);
    await ask(gong, "something to export", "Exportable answer.");
    gong.write(`/session${KEYS.enter}`);
    await gong.waitForText(/messages +2 \(1 user, 1 assistant/, WAIT);
    const [file] = sessionFiles(box.gongHome);
    // The path wraps after a "/", never inside a name.
    const lines = gong.screen();
    const from = lines.findIndex((line) => line.startsWith("file "));
    const rows = lines
      .slice(
        from,
        lines.findIndex((line) => line.startsWith("id ")),
      )
      .map((line, i) => (i === 0 ? line.slice(line.indexOf("/")) : line).trim());
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.join("")).toBe(file);
    for (const row of rows.slice(0, -1)) expect(row.endsWith("/")).toBe(true);
    gong.write(`/export chat.html${KEYS.enter}`);
    await gong.waitForText("exported:", WAIT);
    const html = readFileSync(path.join(box.cwd, "chat.html"), "utf8");
    expect(html).toContain("Exportable answer.");
    expect(html).toContain("something to export");
  });

  it("/export onto an existing file asks first: kept unless the user picks overwrite", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const existing = path.join(box.cwd, "notes.html");
    writeFileSync(existing, "my own notes\n");
    mock.enqueue(textResponse("Exportable answer."));
    const gong = await startReady(box);
    await ask(gong, "something to export", "Exportable answer.");
    gong.write(`/export notes.html${KEYS.enter}`);
    await gong.waitForText("notes.html already exists", WAIT);
    expect(readFileSync(existing, "utf8")).toBe("my own notes\n");
    gong.write(KEYS.enter); // the first answer: keep it
    await gong.waitForText("is kept", WAIT);
    expect(readFileSync(existing, "utf8")).toBe("my own notes\n");
    gong.write(`/export notes.html${KEYS.enter}`);
    await gong.waitForText(/› +keep it/, WAIT);
    gong.write(`${KEYS.down}${KEYS.enter}`);
    await gong.waitForText(/(?<!not )exported:/, WAIT);
    expect(readFileSync(existing, "utf8")).toContain("Exportable answer.");
  });

  it("/fork before the second prompt: a new session file, the next request has the first turn only", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      textResponse("First answer."),
      textResponse("Second answer."),
      textResponse("Forked answer."),
    ]);
    const gong = await startReady(box);
    await ask(gong, "first question", "First answer.");
    await ask(gong, "second question", "Second answer.");
    gong.write(`/fork${KEYS.enter}`);
    await gong.waitForText("Fork before which prompt?", WAIT);
    await gong.waitForText(/› +second question/, WAIT); // the last prompt is preselected
    gong.write(KEYS.enter);
    await gong.waitForText("forked before: second question", WAIT);
    expect(sessionFiles(box.gongHome)).toHaveLength(2);
    await ask(gong, "another second question", "Forked answer.");
    const sent = messagesOf(mock.requests.at(-1));
    expect(sent).toContain("First answer.");
    expect(sent).not.toContain("Second answer.");
  });
});
