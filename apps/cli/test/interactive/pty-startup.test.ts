import { existsSync, mkdirSync, readFileSync, realpathSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { KEYS, modesLeftOn } from "@gong/testing/pty";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { type Sandbox, sandbox, writeJson } from "../harness.js";
import {
  answerable,
  READY,
  snapshotText,
  startGong,
  WAIT,
  waitAnswerable,
} from "./gong-terminal.js";

const mock = useMockLlmServer();

/** A project whose settings add a hook that leaves a marker file when any tool runs. */
function projectWithHook(box: Sandbox): string {
  const marker = path.join(box.home, "hook-ran");
  writeJson(path.join(box.cwd, ".gong", "settings.json"), {
    hooks: { PreToolUse: [{ hooks: [{ type: "command", command: `touch "${marker}"` }] }] },
  });
  mkdirSync(path.join(box.cwd, "src"));
  mock.enqueue([
    toolCallResponse([{ id: "toolu_ls", name: "ls", arguments: { path: "src" } }]),
    textResponse("Listed."),
  ]);
  return marker;
}

const QUESTION = "This folder is not trusted";

/** The text of the user's message in request `index`. */
function userText(index: number): unknown {
  const body = mock.requests[index]?.body as { messages: { role: string; content: unknown }[] };
  const content = body.messages.find((m) => m.role === "user")?.content;
  return Array.isArray(content) ? content.map((part) => part.text).join("") : content;
}

describe("interactive mode — before the first prompt", () => {
  it("without any API key: the first-run guide, exit code 2, the terminal restored", async () => {
    const box = sandbox(mock.anthropicBaseUrl, { ANTHROPIC_API_KEY: undefined });
    const gong = startGong(box);
    await gong.waitForText("Welcome to gong", WAIT);
    expect(await gong.exit).toEqual({ code: 2 });
    await gong.settled();
    expect(modesLeftOn(gong.output())).toEqual([]);
    const screen = gong.screen().join("\n");
    expect(screen).toContain("export ANTHROPIC_API_KEY=");
    expect(screen).toContain("gong --list-models");
    // The guide's own lines fit 80 columns (only the runtime's detail may wrap).
    expect(screen).toContain("GROQ_API_KEY");
    expect(screen).toContain("DEEPSEEK_API_KEY");
    expect(mock.requests).toHaveLength(0);
    // Wrapped by gong at word boundaries, not cut mid-word by the terminal: no line gong
    // wrote is wider than the terminal.
    const written = gong
      .output()
      .slice(gong.output().indexOf("Welcome to gong"))
      // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes are what is removed
      .replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "")
      .split(/\r?\n/);
    expect(written.filter((line) => line.length > 80)).toEqual([]);
    await expect(snapshotText(gong.screen(), box)).toMatchFileSnapshot("__screens__/first-run.txt");
  });

  it("an untrusted folder with project hooks asks first; trusting records it and the hook runs", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const marker = projectWithHook(box);
    const gong = startGong(box);
    await gong.waitForText(QUESTION, WAIT);
    expect(gong.screen().join("\n")).toContain('"hooks" in .gong/settings.json');
    // No session yet: the footer has no model to name, and shows no empty fields.
    expect(gong.screen().join("\n")).not.toMatch(/· +·|thinking +·/);
    await waitAnswerable(gong, QUESTION);
    await expect(snapshotText(gong.screen(), box)).toMatchFileSnapshot(
      "__screens__/trust-question.txt",
    );
    gong.write(`t${KEYS.enter}`);
    await gong.waitForText(READY, WAIT);
    const settings = JSON.parse(readFileSync(path.join(box.gongHome, "settings.json"), "utf8"));
    expect(settings.trustedFolders).toEqual([realpathSync(box.cwd)]);
    gong.write(`list src${KEYS.enter}`);
    await gong.waitForText("Listed.", WAIT);
    expect(existsSync(marker)).toBe(true);
  });

  it("continuing without trust leaves the folder untrusted and the hook off", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const marker = projectWithHook(box);
    const gong = startGong(box);
    await gong.waitForText(QUESTION, WAIT);
    await waitAnswerable(gong, QUESTION);
    gong.write(`c${KEYS.enter}`);
    await gong.waitForText(READY, WAIT);
    gong.write(`list src${KEYS.enter}`);
    await gong.waitForText("Listed.", WAIT);
    expect(existsSync(marker)).toBe(false);
    expect(existsSync(path.join(box.gongHome, "settings.json"))).toBe(false);
  });

  it("an untrusted folder with only a .mcp.json asks first, naming the server; continuing starts nothing", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const started = path.join(box.home, "server-started");
    writeJson(path.join(box.cwd, ".mcp.json"), {
      mcpServers: { tracker: { command: "/bin/sh", args: ["-c", `touch "${started}"`] } },
    });
    mock.enqueue([textResponse("Hello.")]);
    const gong = startGong(box);
    await gong.waitForText(QUESTION, WAIT);
    expect(gong.screen().join("\n")).toContain('MCP server "tracker" in .mcp.json');
    await waitAnswerable(gong, QUESTION);
    gong.write(`c${KEYS.enter}`);
    await gong.waitForText(READY, WAIT);
    gong.write(`hi${KEYS.enter}`);
    await gong.waitForText("Hello.", WAIT);
    expect(existsSync(started)).toBe(false);
  });
});

describe("security — typing ahead never answers the trust question", () => {
  it("a prompt typed before the question is drawn trusts nothing and loses no letter", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const marker = projectWithHook(box);
    const gong = startGong(box);
    // Typed the moment gong has the terminal (raw mode, bracketed paste on), before the
    // question is drawn: "t" is the trust key.
    await new Promise<void>((resolve) => {
      const stop = gong.onOutput((data) => {
        if (!data.includes("\x1b[?2004h")) return;
        stop();
        resolve();
      });
    });
    gong.write(`list the tests${KEYS.enter}`);
    const shownOrGone = (lines: string[]) =>
      lines.some((line) => line.includes(QUESTION) || READY.test(line));
    await gong.waitForScreen(shownOrGone, WAIT);
    // Before the fix the session opened trusted (or the typed Enter crashed gong): the
    // wait ends either way and the check below names what happened.
    const settled = gong.waitForScreen(
      (lines) => lines.some((line) => READY.test(line)) || answerable(lines, "Enter answers"),
      WAIT,
    );
    await settled.catch(() => {});
    expect(existsSync(path.join(box.gongHome, "settings.json"))).toBe(false);
    expect(gong.screen().join("\n")).toContain(QUESTION);
    // The deliberate answer: Esc continues without trusting, as the hint says.
    expect(gong.screen().join("\n")).toContain("Esc: continue without trusting it");
    gong.write(KEYS.escape);
    // The prompt typed ahead is sent once the session is open, every letter kept.
    await gong.waitForText("Listed.", WAIT);
    expect(userText(0)).toBe("list the tests");
    expect(existsSync(marker)).toBe(false);
    expect(existsSync(path.join(box.gongHome, "settings.json"))).toBe(false);
  });
});
