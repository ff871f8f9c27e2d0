import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SessionHost } from "@gong/runtime";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { afterEach, describe, expect, it } from "vitest";
import { runSlashCommand } from "../src/interactive/slash/index.js";
import { sandbox } from "./harness.js";
import { FakeUi, slashContext } from "./slash-fake-ui.js";

const mock = useMockLlmServer();
const hosts: SessionHost[] = [];
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close();
});

describe("/rewind — a picker of prompts, then code / conversation / both", () => {
  it("puts the file and the conversation back, gives the prompt back to the editor, and is undone by /rewind", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const opened = await SessionHost.open({
      cwd: box.cwd,
      env: box.env,
      session: { kind: "new" },
      gongHome: box.gongHome,
      model: "anthropic/claude-sonnet-4-5",
      tools: ["write"],
    });
    if (!opened.ok) throw new Error(opened.error.message);
    hosts.push(opened.host);
    const file = path.join(box.cwd, "a.txt");
    mock.enqueue([
      toolCallResponse([{ name: "write", arguments: { path: "a.txt", content: "one\n" } }]),
      textResponse("first done"),
      toolCallResponse([{ name: "write", arguments: { path: "a.txt", content: "two\n" } }]),
      textResponse("second done"),
    ]);
    await opened.host.current.prompt("make a");
    await opened.host.current.prompt("change a");

    const ui = new FakeUi().answerPick(
      { label: "change a" },
      { label: "code and conversation" },
      { label: "rewind" },
    );
    await runSlashCommand("/rewind", slashContext(opened.host, ui, box.cwd));
    expect(ui.lines("error")).toEqual([]);
    expect(ui.shown.find((s) => s.kind === "block")).toMatchObject({
      lines: ["restore  a.txt  +1 -1"],
    });
    expect(ui.shown).toContainEqual({ kind: "input", text: "change a" });
    expect(readFileSync(file, "utf8")).toBe("one\n");
    expect(opened.host.current.messages.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "toolResult",
      "assistant",
    ]);

    const undo = new FakeUi().answerPick(
      { label: "(before a rewind: undoes it)" },
      { label: "code only" },
      { label: "rewind" },
    );
    await runSlashCommand("/rewind", slashContext(opened.host, undo, box.cwd));
    expect(undo.lines("error")).toEqual([]);
    expect(readFileSync(file, "utf8")).toBe("two\n");
  });

  it("names a hand edit made since the agent's tool call and asks before undoing it (issue 34 item 11)", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeFileSync(path.join(box.cwd, "notes.txt"), "mine v1\n");
    const opened = await SessionHost.open({
      cwd: box.cwd,
      env: box.env,
      session: { kind: "new" },
      gongHome: box.gongHome,
      model: "anthropic/claude-sonnet-4-5",
      tools: ["write"],
    });
    if (!opened.ok) throw new Error(opened.error.message);
    hosts.push(opened.host);
    mock.enqueue([
      toolCallResponse([{ name: "write", arguments: { path: "a.txt", content: "one\n" } }]),
      textResponse("done"),
    ]);
    await opened.host.current.prompt("make a");
    writeFileSync(path.join(box.cwd, "notes.txt"), "mine v2\n");

    const ui = new FakeUi().answerPick(
      { label: "make a" },
      { label: "code only" },
      { label: "cancel" },
    );
    await runSlashCommand("/rewind", slashContext(opened.host, ui, box.cwd));
    expect(ui.lines("warn")).toContainEqual(
      expect.stringContaining(
        "1 of these file(s) were changed since by something other than this session's tools",
      ),
    );
    expect(ui.shown.find((s) => s.kind === "block")).toMatchObject({
      lines: ["remove   a.txt  +0 -1", "restore  notes.txt  +1 -1  (changed by others since)"],
    });
    expect(JSON.stringify(ui.shown)).toContain("rewind, undoing those changes too");
    expect(readFileSync(path.join(box.cwd, "notes.txt"), "utf8")).toBe("mine v2\n");
  });
});
