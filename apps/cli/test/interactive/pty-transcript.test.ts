import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse, thinkingResponse, toolCallResponse } from "@gong/testing";
import { KEYS } from "@gong/testing/pty";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { sandbox } from "../harness.js";
import { snapshotText, startGong, startReady, WAIT, waitIdle } from "./gong-terminal.js";

const mock = useMockLlmServer();

const ANSWER = [
  "The build has **two steps**:",
  "",
  "1. `tsc` type-checks the sources.",
  "2. esbuild bundles `src/bin.ts` into one file.",
  "",
  "```ts",
  "export const answer = 42;",
  "```",
  "",
  "That is all it does.",
].join("\n");

describe("interactive mode — the transcript", () => {
  it("streams an answer into the transcript, Markdown rendered", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(textResponse(ANSWER, { chunkSize: 3, eventDelayMs: 2, eventsPerDelay: 4 }));
    const gong = await startReady(box);
    gong.write(`how does the build work?${KEYS.enter}`);
    await gong.waitForText("That is all it does.", WAIT);
    await waitIdle(gong);
    const screen = gong.screen().join("\n");
    expect(screen).toContain("how does the build work?");
    expect(screen).not.toContain("**two steps**"); // rendered, not raw Markdown
    expect(mock.requests).toHaveLength(1);
    await expect(snapshotText(gong.screen(), box)).toMatchFileSnapshot(
      "__screens__/streamed-answer.txt",
    );
  });

  it("finished answers and tool blocks scroll into the scrollback once each, in order", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const steps = Array.from({ length: 6 }, (_, i) =>
      toolCallResponse(
        [{ id: `toolu_${i}`, name: "bash", arguments: { command: `echo tool-out-${i}` } }],
        {
          text: `Answer part ${i}: ${"words that wrap over several lines of the terminal ".repeat(4)}`,
          chunkSize: 7,
        },
      ),
    );
    mock.enqueue([...steps, textResponse("All parts done.")]);
    const gong = await startReady(box);
    gong.write(`write it in parts${KEYS.enter}`);
    await gong.waitForText("All parts done.", WAIT);
    await waitIdle(gong);
    const everything = [...gong.scrollback(), ...gong.screen()].join("\n");
    expect(gong.scrollback().length).toBeGreaterThan(0);
    const positions = Array.from({ length: 6 }, (_, i) => {
      expect(everything.split(`Answer part ${i}:`)).toHaveLength(2);
      expect(everything.split(`\n  tool-out-${i}\n`)).toHaveLength(2);
      return everything.indexOf(`Answer part ${i}:`);
    });
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(everything.split("write it in parts")).toHaveLength(2);
  });

  it("shows an edit as a diff", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const file = path.join(box.cwd, "greet.ts");
    writeFileSync(file, 'export function greet(name: string) {\n  return "Hello " + name;\n}\n');
    mock.enqueue([
      toolCallResponse([
        {
          id: "toolu_edit",
          name: "edit",
          arguments: {
            path: "greet.ts",
            oldText: '  return "Hello " + name;',
            newText: '  return "Hello, " + name + "!";',
          },
        },
      ]),
      textResponse("Added the comma and the exclamation mark."),
    ]);
    const gong = await startReady(box);
    gong.write(`add a comma and an exclamation mark in greet.ts${KEYS.enter}`);
    await gong.waitForText("Added the comma and the exclamation mark.", WAIT);
    await waitIdle(gong);
    expect(readFileSync(file, "utf8")).toContain('return "Hello, " + name + "!";');
    const screen = gong.screen().join("\n");
    expect(screen).toMatch(/-.*return "Hello " \+ name;/);
    expect(screen).toMatch(/\+.*return "Hello, " \+ name \+ "!";/);
    await expect(snapshotText(gong.screen(), box)).toMatchFileSnapshot("__screens__/edit-diff.txt");
  });
  it("a provider notice repeated on every request (a model's deprecation) is shown once", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([textResponse("first answer"), textResponse("second answer")]);
    // The Anthropic SDK warns about this model on each request it sends.
    const gong = await startReady(box, { args: ["--model", "anthropic/claude-sonnet-4-5"] });
    gong.write(`one${KEYS.enter}`);
    await gong.waitForText("first answer", WAIT);
    await waitIdle(gong);
    gong.write(`two${KEYS.enter}`);
    await gong.waitForText("second answer", WAIT);
    await waitIdle(gong);
    const everything = [...gong.scrollback(), ...gong.screen()].join("\n");
    expect(everything.match(/is deprecated/g)).toHaveLength(1);
    expect(mock.requests).toHaveLength(2);
  });
});

/** What a model could write to take over the terminal: a window title and the clipboard. */
const SET_TITLE = "\x1b]0;pwned-title\x07";
const SET_CLIPBOARD = "\x1b]52;c;cm0gLXJmIH4gIw==\x07"; // "rm -rf ~ #"
const HOSTILE = `Done.${SET_TITLE} All good.${SET_CLIPBOARD} Bye.\x1b[2J`;

/** No OSC (title, clipboard, hyperlink) and none of the model's payloads in the raw bytes. */
function expectNoModelSequences(output: string): void {
  expect(output).not.toContain("\x1b]");
  expect(output).not.toContain("pwned-title");
  expect(output).not.toContain("cm0gLXJmIH4gIw");
}

describe("security — escape sequences from the model never reach the terminal", () => {
  it("interactive: answer, thinking and a written file's lines are shown without them", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([
        {
          id: "toolu_write",
          name: "write",
          arguments: { path: "notes.txt", content: `first${SET_CLIPBOARD}\nsecond${SET_TITLE}\n` },
        },
      ]),
      thinkingResponse(`Weighing it.${SET_TITLE}${SET_CLIPBOARD} fine`, HOSTILE),
    ]);
    const gong = await startReady(box);
    gong.write(`go${KEYS.enter}`);
    await gong.waitForText("Done. All good. Bye.", WAIT);
    await waitIdle(gong);
    gong.write(KEYS.ctrlT); // the thinking, in full
    await gong.waitForText("Weighing it. fine", WAIT);
    await gong.settled();
    expectNoModelSequences(gong.output());
    // The file itself is written as the model asked: only what is shown is cleaned.
    expect(readFileSync(path.join(box.cwd, "notes.txt"), "utf8")).toContain(SET_CLIPBOARD);
  });

  it("print mode on a terminal: the answer is printed without them", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(textResponse(HOSTILE));
    const gong = startGong(box, { args: ["-p", "go"] });
    expect(await gong.exit).toEqual({ code: 0 });
    await gong.settled();
    expect(gong.screen().join("\n")).toContain("Done. All good. Bye.");
    expectNoModelSequences(gong.output());
  });
});
