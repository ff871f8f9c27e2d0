import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type RecordedRequest, textResponse } from "@gong/testing";
import { KEYS } from "@gong/testing/pty";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { sandbox, writeSettings } from "../harness.js";
import { ask, startReady, WAIT } from "./gong-terminal.js";

const mock = useMockLlmServer();

const EVERYTHING = fileURLToPath(
  new URL(
    "../../../../packages/mcp/node_modules/@modelcontextprotocol/server-everything/dist/index.js",
    import.meta.url,
  ),
);

const messagesOf = (request: RecordedRequest | undefined) =>
  JSON.stringify((request?.body as { messages?: unknown } | undefined)?.messages);

function writeFile(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

describe("interactive mode — prompt commands", () => {
  it("/ lists a project command with its argument hint and description, Tab completes it, Enter sends it expanded; a file named like a built-in is not used, with a warning", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeFile(path.join(box.cwd, ".gong", "commands", "model.md"), "Not the built-in.\n");
    writeFile(
      path.join(box.cwd, ".gong", "commands", "review.md"),
      "---\ndescription: Review a file closely\nargument-hint: <file>\n---\nREVIEW-MARKER of $1\n",
    );
    mock.enqueue(textResponse("Reviewed it."));
    const gong = await startReady(box, { rows: 30 });
    await gong.waitForText("/model is a built-in command", WAIT);
    gong.write("/revi");
    await gong.waitForText("<file> — Review a file closely", WAIT);
    gong.write(KEYS.tab);
    await gong.waitForScreen(
      (lines) => lines.some((line) => /\/review\s*$/.test(line.trim())),
      WAIT,
    );
    await ask(gong, "src/a.ts", "Reviewed it.");
    expect(messagesOf(mock.requests[0])).toContain("REVIEW-MARKER of src/a.ts");
  });

  it("@path typed in the editor attaches the file's content, not only its path", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeFile(path.join(box.cwd, "notes.txt"), "FILE-CONTENT-MARKER\nsecond line\n");
    mock.enqueue(textResponse("Read the notes."));
    const gong = await startReady(box);
    await ask(gong, "summarise @notes.txt please", "Read the notes.");
    const sent = messagesOf(mock.requests[0]);
    expect(sent).toContain("summarise @notes.txt please");
    expect(sent).toContain("FILE-CONTENT-MARKER");
    // The transcript shows the file as one line; the model got its content.
    const screen = gong.screen().join("\n");
    expect(screen).toContain("[file notes.txt: 2 lines]");
    expect(screen).not.toContain("FILE-CONTENT-MARKER");
  });

  it("an MCP server's prompt is listed with the others and runs as /mcp__<server>__<prompt> args", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, {
      mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, "stdio"] } },
    });
    mock.enqueue(textResponse("Sunny there."));
    const gong = await startReady(box, { rows: 30, cols: 120 });
    gong.write("/mcp__everything__args");
    await gong.waitForText("<city> [state] — A prompt with two arguments", WAIT);
    gong.write(KEYS.tab);
    await ask(gong, "Paris", "Sunny there.");
    expect(messagesOf(mock.requests[0])).toContain("What's weather in Paris?");
  });
});
