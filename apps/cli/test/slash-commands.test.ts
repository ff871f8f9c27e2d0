import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SessionHost } from "@gong/runtime";
import type { Settings } from "@gong/settings";
import { textResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { afterEach, describe, expect, it } from "vitest";
import { HOTKEYS } from "../src/interactive/contract.js";
import { runSlashCommand, SLASH_COMMANDS } from "../src/interactive/slash/index.js";
import { sandbox } from "./harness.js";
import { FakeUi, slashContext } from "./slash-fake-ui.js";

const mock = useMockLlmServer();
const hosts: SessionHost[] = [];
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close();
});

/** A real session host against the mock (OpenAI keyed too), and a fake screen. */
async function setup(settings: Settings = {}) {
  const box = sandbox(mock.anthropicBaseUrl, {
    OPENAI_API_KEY: "sk-test",
    OPENAI_BASE_URL: mock.openaiBaseUrl,
  });
  const opened = await SessionHost.open({
    cwd: box.cwd,
    env: box.env,
    session: { kind: "new" },
    gongHome: box.gongHome,
    model: "anthropic/claude-sonnet-4-5",
    tools: [],
    settings,
  });
  if (!opened.ok) throw new Error(opened.error.message);
  hosts.push(opened.host);
  const ui = new FakeUi();
  const context = slashContext(opened.host, ui, box.cwd);
  const run = (line: string) => runSlashCommand(line, context);
  return { box, host: opened.host, ui, run };
}

async function twoExchanges(host: SessionHost) {
  mock.enqueue([textResponse("a1"), textResponse("a2")]);
  await host.current.prompt("q1");
  await host.current.prompt("q2");
}

describe("slash commands — parsing and unknown names", () => {
  it("the names are ARCHITECTURE §7's (and §10's /lsp), in order", () => {
    expect(SLASH_COMMANDS.map((c) => c.name)).toEqual([
      "model",
      "thinking",
      "compact",
      "new",
      "worktree",
      "resume",
      "rename",
      "tree",
      "fork",
      "rewind",
      "session",
      "usage",
      "mcp",
      "lsp",
      "bashes",
      "export",
      "hotkeys",
      "quit",
    ]);
  });

  it("an unknown command names the closest one (a prompt command too) and /hotkeys, in one line", async () => {
    const { box, ui, run } = await setup();
    mkdirSync(path.join(box.cwd, ".gong", "commands"), { recursive: true });
    writeFileSync(path.join(box.cwd, ".gong", "commands", "review.md"), "Review.");
    await run("/revew");
    await run("/mdoel gpt");
    await run("/th");
    await run("/zzzzzzzz");
    expect(ui.lines("error")).toEqual([
      "Unknown command /revew: did you mean /review? /hotkeys lists the commands.",
      "Unknown command /mdoel: did you mean /model? /hotkeys lists the commands.",
      "Unknown command /th: did you mean /thinking? /hotkeys lists the commands.",
      "Unknown command /zzzzzzzz: /hotkeys lists the commands.",
    ]);
  });
});

describe("/model", () => {
  it("provider/id switches at once; the next request goes to that provider", async () => {
    const { host, ui, run } = await setup();
    await run("/model openai/gpt-4o");
    expect(ui.lines("note")).toEqual(["model: openai/gpt-4o"]);
    mock.enqueue(textResponse("from openai"));
    const outcome = await host.current.prompt("hi");
    expect(outcome.ok).toBe(true);
    expect(mock.requests.at(-1)!.path).not.toContain("/messages");
    expect(mock.requests.at(-1)!.headers.authorization).toBe("Bearer sk-test");
  });

  it("no argument: a picker of every keyed provider's models, the current one marked", async () => {
    const { host, ui, run } = await setup();
    ui.answerPick({ label: "openai/gpt-4o" });
    await run("/model");
    const picker = ui.lastPick();
    expect(picker.labels).toContain("● anthropic/claude-sonnet-4-5");
    expect(picker.labels.some((l) => l.includes("openai/"))).toBe(true);
    expect(picker.labels[picker.initialIndex!]).toBe("● anthropic/claude-sonnet-4-5");
    expect(host.current.models.current.id).toBe("gpt-4o");
  });

  it("a query narrows the picker; an unknown model changes nothing", async () => {
    const { host, ui, run } = await setup();
    ui.answerPick(undefined);
    await run("/model gpt-4");
    expect(ui.lastPick().title).toBe('Model matching "gpt-4"');
    expect(ui.lastPick().labels.every((l) => l.includes("gpt-4"))).toBe(true);
    ui.answerPick(undefined);
    await run("/model qqqq");
    expect(ui.lines("note")).toEqual(['no usable model matches "qqqq": all are listed']);
    expect(ui.lastPick().title).toBe("Model");
    await run("/model nosuch/model");
    expect(ui.lines("error")).toHaveLength(1);
    expect(host.current.models.current.id).toBe("claude-sonnet-4-5");
  });
});

describe("/model — Claude Code's aliases (issue 38.1)", () => {
  it("/model haiku is the newest haiku of the current provider; on OpenAI /model opus stays, with a warning", async () => {
    const { host, ui, run } = await setup();
    await run("/model haiku");
    expect(ui.lines("note")).toEqual(["model: anthropic/claude-haiku-4-5"]);
    await run("/model openai/gpt-5.4");
    await run("/model opus");
    expect(host.current.models.current.id).toBe("gpt-5.4");
    expect(ui.lines("warn")).toEqual([
      'model "opus": provider openai has no opus model; using openai/gpt-5.4 instead',
    ]);
  });
});

describe("/thinking", () => {
  it("a level sets it; a bad one is an error naming the levels", async () => {
    const { host, ui, run } = await setup();
    await run("/thinking high");
    await run("/thinking extreme");
    expect(host.current.models.thinkingLevel).toBe("high");
    expect(ui.lines("note")).toEqual(["thinking: high"]);
    expect(ui.lines("error")).toEqual([
      'Unknown thinking level "extreme": use one of off, minimal, low, medium, high.',
    ]);
  });

  it("a model without reasoning gets a warning", async () => {
    const { ui, run } = await setup();
    await run("/model openai/gpt-4o");
    ui.answerPick({ label: "low" });
    await run("/thinking");
    expect(ui.lines("warn").join("\n")).toContain("gpt-4o does not support reasoning");
  });
});

describe("/compact", () => {
  it("compacts and says the tokens before and after", async () => {
    const { host, ui, run } = await setup({ compaction: { keepRecentTokens: 1 } });
    await twoExchanges(host);
    mock.enqueue(textResponse("## Goal\nsummary"));
    await run("/compact focus on q2");
    const notes = ui.lines("note");
    expect(ui.lines("error")).toEqual([]);
    expect(notes[0]).toBe("compacting…");
    expect(notes.at(-1)).toMatch(/^compacted: \S+ → \S+ tokens \(\d+ messages? summarised\)$/);
  });

  it("on a short session inside the keep-recent window it still compacts (issue 22.4)", async () => {
    const { host, ui, run } = await setup();
    await twoExchanges(host);
    mock.enqueue(textResponse("## Goal\nsummary"));
    await run("/compact");
    expect(ui.lines("error")).toEqual([]);
    expect(ui.lines("note").at(-1)).toMatch(
      /^compacted: \S+ → \S+ tokens \(\d+ messages? summarised\)$/,
    );
  });

  it("is refused while the agent runs, with a line saying how to go on", async () => {
    const { host, ui, run } = await setup();
    mock.enqueue(textResponse("slow"));
    const running = host.current.prompt("q");
    await run("/compact");
    await running;
    expect(ui.lines("error")).toEqual([
      "/compact needs an idle agent: press Esc to abort the run, then try again.",
    ]);
  });
});

describe("/new, /resume", () => {
  it("/new opens an empty session and redraws", async () => {
    const { host, ui, run } = await setup();
    await twoExchanges(host);
    const before = host.current.file.path;
    await run("/new");
    expect(host.current.file.path).not.toBe(before);
    expect(host.current.messages).toHaveLength(0);
    expect(ui.shown.some((s) => s.kind === "replay")).toBe(true);
  });

  it("/worktree <name> opens a session in that git worktree; outside a repository it says so", async () => {
    const { box, host, ui, run } = await setup();
    await run("/worktree wt");
    expect(ui.lines("error")).toEqual([
      expect.stringMatching(/^\/worktree: .*not in a git repository/),
    ]);
    execFileSync("git", ["init", "--quiet", "-b", "main"], { cwd: box.cwd });
    writeFileSync(path.join(box.cwd, "a.txt"), "a\n");
    execFileSync("git", ["add", "a.txt"], { cwd: box.cwd });
    execFileSync(
      "git",
      ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "x"],
      {
        cwd: box.cwd,
      },
    );
    await run("/worktree wt");
    expect(host.current.file.header.cwd).toBe(path.join(box.cwd, ".gong", "worktrees", "wt"));
    expect(ui.lines("note").at(-1)).toMatch(/new session in worktree wt .*branch gong\/wt/);
  });

  it("/resume lists this folder's sessions (first prompt, date, size) and opens the one picked", async () => {
    const { host, ui, run } = await setup();
    mock.enqueue([textResponse("a"), textResponse("b")]);
    await host.current.prompt("the old question");
    const oldFile = host.current.file.path;
    await run("/new");
    await host.current.prompt("the new question");
    ui.answerPick({ label: /the old question/ });
    await run("/resume");
    const picker = ui.lastPick();
    expect(picker.labels.some((l) => l === "● the new question")).toBe(true);
    expect(host.current.file.path).toBe(oldFile);
    expect(host.current.messages).toHaveLength(2);
    expect(ui.shown.at(-2)).toEqual({ kind: "replay" });
  });
});

describe("/tree, /fork", () => {
  it("/tree shows user and assistant lines, branches with glyphs, the leaf marked; Enter moves there", async () => {
    const { host, ui, run } = await setup();
    await twoExchanges(host);
    ui.answerPick({ label: "assistant: a1" });
    await run("/tree");
    expect(ui.lastPick().labels).toEqual([
      "user: q1",
      "assistant: a1",
      "user: q2",
      "assistant: a2",
    ]);
    expect(ui.lastPick().initialIndex).toBe(3);
    expect(host.current.messages).toHaveLength(2);
    mock.enqueue(textResponse("a3"));
    await host.current.prompt("q3");

    ui.answerPick(undefined);
    await run("/tree");
    expect(ui.lastPick().labels).toEqual([
      "user: q1",
      "assistant: a1",
      "├─ user: q2",
      "│  assistant: a2",
      "└─ user: q3",
      "   assistant: a3",
    ]);
    expect(ui.lastPick().initialIndex).toBe(5);
  });

  it("l labels the entry (shown in the tree), an empty label removes it", async () => {
    const { host, ui, run } = await setup();
    await twoExchanges(host);
    ui.answerPick({ label: "user: q1", action: "label" }).answerAsk("start");
    await run("/tree");
    ui.answerPick({ label: "user: q1 [start]", action: "label" }).answerAsk("");
    await run("/tree");
    ui.answerPick(undefined);
    await run("/tree");
    expect(ui.shown.filter((s) => s.kind === "ask")).toEqual([
      { kind: "ask", prompt: "Label (empty removes it)" },
      { kind: "ask", prompt: "Label (empty removes it)", initial: "start" },
    ]);
    expect(ui.lastPick().labels[0]).toBe("user: q1");
    expect(ui.lines("note")).toEqual(["label: start", "label removed"]);
  });

  it("f in /tree forks a new session file ending at the chosen entry", async () => {
    const { host, ui, run } = await setup();
    await twoExchanges(host);
    const original = host.current.file.path;
    ui.answerPick({ label: "assistant: a1", action: "fork" });
    await run("/tree");
    expect(host.current.file.path).not.toBe(original);
    expect(host.current.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(ui.shown.some((s) => s.kind === "replay")).toBe(true);
  });

  it("/fork opens a new session holding the conversation before the chosen prompt", async () => {
    const { host, ui, run } = await setup();
    await twoExchanges(host);
    const original = host.current.file.path;
    ui.answerPick({ label: "q2" });
    await run("/fork");
    expect(ui.lastPick().labels).toEqual(["q1", "q2"]);
    expect(host.current.file.path).not.toBe(original);
    expect(host.current.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(ui.lines("note").at(-1)).toBe("forked before: q2");
  });
});

describe("/mcp — the MCP servers' status, and reconnect", () => {
  it("shows connected (tool count), failed and why, disabled; reconnect brings back a server that failed", async () => {
    const fixture = fileURLToPath(
      new URL("../../../packages/mcp/test/fixtures/fixture-server.mjs", import.meta.url),
    );
    const broken = path.join(mkdtempSync(path.join(tmpdir(), "gong-mcp-")), "broken");
    writeFileSync(broken, "");
    const { ui, run } = await setup({
      mcpServers: {
        good: { command: process.execPath, args: [fixture], includeTools: ["echo"] },
        flaky: {
          command: process.execPath,
          args: [fixture],
          env: { FIXTURE_FAIL_START_WHILE: broken },
          includeTools: ["echo", "pid"],
        },
        off: { command: process.execPath, args: [fixture], disabled: true },
      },
    });
    const shown = () => {
      const block = ui.shown.filter((s) => s.kind === "block").at(-1);
      return block?.kind === "block" ? [block.title, ...block.lines] : [];
    };
    await run("/mcp");
    expect(shown()).toEqual([
      "MCP servers",
      "good   connected (1 tool)",
      expect.stringMatching(
        /^flaky {2}failed: .*cannot open the database \/nonexistent — \/mcp reconnect flaky tries again$/,
      ),
      "off    disabled",
    ]);
    rmSync(broken);
    await run("/mcp reconnect flaky");
    expect(shown()).toEqual([
      "MCP servers",
      "good   connected (1 tool)",
      "flaky  connected (2 tools)",
      "off    disabled",
    ]);
    await run("/mcp reconnect nope");
    expect(ui.shown.at(-1)).toEqual({
      kind: "error",
      text: 'No MCP server named "nope" (configured: good, flaky, off).',
    });
  });
});

describe("/lsp — the language servers' status", () => {
  it("lists the built-in servers not started yet, and a configured command that is not found", async () => {
    const { ui, run } = await setup({
      lsp: {
        typescript: { command: "no-such-language-server" },
        python: { disabled: true },
        go: { disabled: true },
        rust: { disabled: true },
        lua: { command: process.execPath, extensions: [".lua"] },
      },
    });
    await run("/lsp");
    const block = ui.shown.filter((s) => s.kind === "block").at(-1);
    expect(block?.kind === "block" ? [block.title, ...block.lines] : []).toEqual([
      "Language servers",
      'typescript  not found: install no-such-language-server, or set its command in settings "lsp"',
      `lua         not started (${process.execPath}; starts with the first file of its language)`,
    ]);
  });
});

describe("/session, /export, /hotkeys, /quit", () => {
  it("/session shows file, id, model, thinking, messages, tokens, cost and tool calls", async () => {
    const { host, ui, run } = await setup();
    await twoExchanges(host);
    await run("/session");
    const block = ui.shown.find((s) => s.kind === "block");
    expect(block?.kind === "block" && block.title).toBe("Session");
    const text = block?.kind === "block" ? block.lines.join("\n") : "";
    expect(text).toContain(`file        ${host.current.file.path}`);
    expect(text).toContain("model       anthropic/claude-sonnet-4-5");
    // The permission mode, auto being the CLI's default (README "Permissions").
    expect(text).toContain("mode        auto (the default)");
    expect(text).toContain("messages    4 (2 user, 2 assistant, 0 tool results)");
    expect(text).toMatch(/tokens +\d+ in, \d+ out, \d+ cache read, \d+ cache write/);
    expect(text).toMatch(/cost +\$\d+\.\d{4}/);
    expect(text).toMatch(/tool calls +0 \(0 since gong started\)/);
  });

  it("/session lists the settings files read, Claude Code's beside gong's (issue 38 item 2)", async () => {
    const { box, ui, run, host } = await setup();
    const claudeProject = path.join(box.cwd, ".claude", "settings.json");
    mkdirSync(path.dirname(claudeProject), { recursive: true });
    writeFileSync(claudeProject, JSON.stringify({ permissions: { deny: ["Bash(rm:*)"] } }));
    mock.enqueue([textResponse("a1")]);
    await host.current.prompt("q1");
    await run("/session");
    const block = ui.shown.find((s) => s.kind === "block");
    const text = block?.kind === "block" ? block.lines.join("\n") : "";
    expect(text).toContain(`settings    ${claudeProject}`);
  });

  it("/export writes gong-session-<id>.html in the cwd, or the file named", async () => {
    const { box, host, ui, run } = await setup();
    await twoExchanges(host);
    await run("/export");
    await run("/export out/review.html");
    const expected = [
      path.join(box.cwd, `gong-session-${host.current.file.header.id}.html`),
      path.join(box.cwd, "out", "review.html"),
    ];
    expect(ui.lines("note")).toEqual(expected.map((file) => `exported: ${file}`));
    expect(readFileSync(expected[1]!, "utf8")).toContain("a2");
    expect(existsSync(expected[0]!)).toBe(true);
  });

  it("/hotkeys lists every key and every command with its arguments", async () => {
    const { ui, run } = await setup();
    await run("/hotkeys");
    const block = ui.shown[0];
    const lines = block?.kind === "block" ? block.lines : [];
    for (const hotkey of HOTKEYS) expect(lines.some((l) => l.startsWith(hotkey.keys))).toBe(true);
    expect(lines.some((l) => l.startsWith("/compact [instructions]"))).toBe(true);
    expect(lines.some((l) => l.startsWith("/quit"))).toBe(true);
  });

  it("/quit ends the interactive mode", async () => {
    const { ui, run } = await setup();
    await run("/quit");
    expect(ui.shown).toEqual([{ kind: "quit" }]);
  });
});

describe("closestNames — the flags' typo rule, every name at the best distance", () => {
  it("ties are all named; nothing beyond two edits (one for short names)", async () => {
    const { closestNames } = await import("../src/suggest-flag.js");
    expect(closestNames("nex", ["new", "next", "quit"])).toEqual(["new", "next"]);
    expect(closestNames("bogus", ["tools", "yes"])).toEqual([]);
    expect(closestNames("xy", ["yes"])).toEqual([]);
  });
});
