import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SessionHost } from "@gong/runtime";
import { type RecordedRequest, textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { afterEach, describe, expect, it } from "vitest";
import { contextMeter, footerLine } from "../src/interactive/render/status-bar.js";
import { statusInfo } from "../src/interactive/session-status.js";
import { runSlashCommand } from "../src/interactive/slash/index.js";
import { sandbox } from "./harness.js";
import { FakeUi, slashContext } from "./slash-fake-ui.js";

const mock = useMockLlmServer();
const hosts: SessionHost[] = [];
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close();
});

/** A session on anthropic/claude-sonnet-4-5 whose `cheap` agent runs on openai/gpt-5-mini. */
async function setup() {
  const box = sandbox(mock.anthropicBaseUrl, {
    OPENAI_API_KEY: "sk-test",
    OPENAI_BASE_URL: mock.openaiBaseUrl,
  });
  mkdirSync(path.join(box.cwd, ".gong", "agents"), { recursive: true });
  writeFileSync(
    path.join(box.cwd, ".gong", "agents", "cheap.md"),
    "---\nname: cheap\ndescription: Looks things up cheaply\nmodel: openai/gpt-5-mini\n---\nLook it up.\n",
  );
  const opened = await SessionHost.open({
    cwd: box.cwd,
    env: box.env,
    session: { kind: "new" },
    gongHome: box.gongHome,
    model: "anthropic/claude-sonnet-4-5",
    tools: ["ls", "task"],
  });
  if (!opened.ok) throw new Error(opened.error.message);
  hosts.push(opened.host);
  const ui = new FakeUi();
  const context = slashContext(opened.host, ui, box.cwd);
  return { host: opened.host, ui, run: (line: string) => runSlashCommand(line, context) };
}

const isSubagent = (request: RecordedRequest) => request.wire !== "anthropic-messages";

describe("/usage (issue 35.13) — tokens, cost and context per model, subagents included", () => {
  it("one block per model with in/out/cache tokens, cost, its subagents' part and its context; a total", async () => {
    const { host, ui, run } = await setup();
    mock.setFallback((request) => {
      if (isSubagent(request))
        return textResponse("found it", { usage: { input: 3000, output: 300 } });
      const body = JSON.stringify(request.body);
      if (body.includes("tool_result")) {
        return textResponse("done", { usage: { input: 20_000, output: 50, cacheRead: 4000 } });
      }
      return toolCallResponse(
        [
          {
            id: "toolu_t",
            name: "task",
            arguments: { description: "look", prompt: "look it up", subagent_type: "cheap" },
          },
        ],
        { usage: { input: 1000, output: 40, cacheWrite: 500 } },
      );
    });
    await host.current.prompt("look it up with a subagent");
    expect(mock.requests.filter(isSubagent)).toHaveLength(1);
    await run("/usage");
    const block = ui.shown.find((s) => s.kind === "block");
    expect(block?.kind === "block" && block.title).toBe("Usage");
    const lines = block?.kind === "block" ? block.lines : [];
    expect(lines).toEqual([
      "anthropic/claude-sonnet-4-5 (current)",
      "  tokens     21,000 in · 90 out · 4,000 cache read · 500 cache write",
      expect.stringMatching(/^ {2}cost {7}\$\d+\.\d{4} \(2 answers\)$/),
      // The last answer: 20 000 in + 50 out + 4 000 cache read, of the 200k window.
      "  context    24,050 of 200,000 tokens (12%) as of the last answer",
      "openai/gpt-5-mini",
      "  tokens     3,000 in · 300 out · 0 cache read · 0 cache write",
      expect.stringMatching(/^ {2}cost {7}\$\d+\.\d{4} \(0 answers\)$/),
      expect.stringMatching(
        /^ {2}subagents {2}1 run: 3,300 tokens, \$\d+\.\d{4} \(included above\)$/,
      ),
      expect.stringMatching(/^ {2}context {4}window [\d,]+ tokens$/),
      expect.stringMatching(
        /^total {8}24,000 in · 390 out · 4,000 cache read · 500 cache write · \$\d+\.\d{4}$/,
      ),
    ]);

    // The status line's meter: the same context as a percentage.
    const info = statusInfo(host.current, "/p", undefined, 0);
    expect(contextMeter(info)).toBe("ctx 12% 24K/200K");
    expect(footerLine(info, 120)).toContain("ctx 12% 24K/200K");
  });

  it("a new session lists the current model with nothing spent and its window", async () => {
    const { ui, run } = await setup();
    await run("/usage");
    const block = ui.shown.find((s) => s.kind === "block");
    expect(block?.kind === "block" ? block.lines : []).toEqual([
      "anthropic/claude-sonnet-4-5 (current)",
      "  tokens     0 in · 0 out · 0 cache read · 0 cache write",
      "  cost       $0.0000 (0 answers)",
      "  context    window 200,000 tokens, nothing used yet",
      "total        0 in · 0 out · 0 cache read · 0 cache write · $0.0000",
    ]);
  });
});
