/**
 * Claude Code's files where Claude Code reads them (issue 38 item 2): skills in
 * `.claude/skills/` and `~/.claude/skills/`, settings in `~/.claude/settings.json`,
 * `.claude/settings.json` and `.claude/settings.local.json` for the keys gong shares,
 * gong's own files winning a clash, the same trust rules as `.gong/settings.json`. The
 * fixtures are written here in the shapes real files have (extra keys gong does not know).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import {
  bashThenFinished,
  jsonLines,
  runGong,
  sandbox,
  writeJson,
  writeSettings,
} from "./harness.js";

const mock = useMockLlmServer();

function systemText(index: number): string {
  const request = mock.requests[index];
  if (!request) throw new Error(`no request #${index} (got ${mock.requests.length})`);
  const { system } = request.body as { system?: string | { text: string }[] };
  return typeof system === "string" ? system : (system ?? []).map((s) => s.text).join("\n");
}

/** What the model was told about its tool call (the second request carries the result). */
const toolResultSent = () => JSON.stringify(mock.requests[1]?.body);

function writeSkill(folder: string, name: string, description: string): void {
  mkdirSync(path.join(folder, name), { recursive: true });
  writeFileSync(
    path.join(folder, name, "SKILL.md"),
    `---\nname: ${name}\ndescription: ${description}\nlicense: Complete terms in LICENSE.txt\n---\n\n# ${name}\n\nSteps.\n`,
  );
}

/** A `.claude/settings.json` as projects commit it: Claude Code's own keys beside the shared ones. */
function claudeProjectSettings(shared: Record<string, unknown>): Record<string, unknown> {
  return {
    $schema: "https://json.schemastore.org/claude-code-settings.json",
    includeCoAuthoredBy: false,
    enableAllProjectMcpServers: true,
    statusLine: { type: "command", command: "echo status", padding: 0 },
    enabledPlugins: { "formatter@example-marketplace": true },
    outputStyle: "Explanatory",
    ...shared,
  };
}

describe("claude files — skills in .claude/skills and ~/.claude/skills", () => {
  it("both folders' skills reach the system prompt; the project's .gong skill wins a name clash", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSkill(path.join(box.home, ".claude", "skills"), "pdf", "Fill and merge PDF forms.");
    writeSkill(path.join(box.cwd, ".claude", "skills"), "changelog", "Claude's changelog skill.");
    writeSkill(path.join(box.cwd, ".gong", "skills"), "changelog", "Gong's changelog skill.");
    mock.enqueue(textResponse("ok"));
    const run = await runGong(["--mode", "json", "hi"], box);
    expect(run.code).toBe(0);
    const system = systemText(0);
    expect(system).toContain("<description>Fill and merge PDF forms.</description>");
    expect(system).toContain("<description>Gong's changelog skill.</description>");
    expect(system).not.toContain("Claude's changelog skill.");
    expect(jsonLines(run.stdout).filter((line) => line.type === "warning")).toEqual([]);
  });
});

describe("claude files — .claude/settings.json in an untrusted folder", () => {
  it("its deny rule refuses grep; its allow, hooks and env are left out; Claude's own keys are no warning", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeJson(
      path.join(box.cwd, ".claude", "settings.json"),
      claudeProjectSettings({
        permissions: { allow: ["Bash(npm run test:*)"], deny: ["Bash(grep:*)", "Read(./.env)"] },
        env: { CLAUDE_FIXTURE_VAR: "from-claude" },
        hooks: {
          PreToolUse: [
            { matcher: "Bash", hooks: [{ type: "command", command: "touch hook-ran" }] },
          ],
        },
      }),
    );
    mock.enqueue([
      toolCallResponse([{ name: "bash", arguments: { command: "grep -r secret ." } }]),
      textResponse("finished"),
    ]);
    const run = await runGong(["--yes", "-p", "search"], box);
    expect(run.code).toBe(0);
    expect(toolResultSent()).toContain("permissions.deny rule Bash(grep:*)");
    expect(run.stderr).not.toMatch(/includeCoAuthoredBy|statusLine|enabledPlugins|outputStyle/);
    expect(run.stderr).toContain("not trusted");
  });
});

describe("claude files — settings in a trusted folder, gong's files win a clash", () => {
  it("env from ~/.claude and .claude/settings.local.json reaches bash; .gong's value beats .claude's", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { trustedFolders: [box.cwd] });
    writeJson(path.join(box.home, ".claude", "settings.json"), {
      model: "opus",
      cleanupPeriodDays: 30,
      env: { FROM_CLAUDE_USER: "user-level", DISABLE_TELEMETRY: 1 },
      feedbackSurveyState: { lastShownTime: 1754000000000 },
    });
    writeJson(
      path.join(box.cwd, ".claude", "settings.local.json"),
      claudeProjectSettings({ env: { FROM_CLAUDE_LOCAL: "local", CLASH: "claude" } }),
    );
    writeJson(path.join(box.cwd, ".gong", "settings.json"), { env: { CLASH: "gong" } });
    mock.enqueue([
      toolCallResponse([
        {
          name: "bash",
          arguments: {
            command: 'echo "[$FROM_CLAUDE_USER/$FROM_CLAUDE_LOCAL/$CLASH/$DISABLE_TELEMETRY]"',
          },
        },
      ]),
      textResponse("finished"),
    ]);
    const run = await runGong(
      ["--model", "anthropic/claude-sonnet-4-5", "--yes", "-p", "print them"],
      box,
    );
    expect(run.code).toBe(0);
    expect(run.stderr).not.toMatch(/settings|cleanupPeriodDays|feedbackSurveyState|model "opus"/);
    expect(toolResultSent()).toContain("[user-level/local/gong/1]");
  });

  it("a hook in .claude/settings.json runs in a trusted folder", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { trustedFolders: [box.cwd] });
    writeJson(
      path.join(box.cwd, ".claude", "settings.json"),
      claudeProjectSettings({
        hooks: {
          PreToolUse: [
            {
              matcher: "Bash",
              hooks: [{ type: "command", command: "echo blocked by claude hook >&2; exit 2" }],
            },
          ],
        },
      }),
    );
    mock.enqueue(bashThenFinished("touch made"));
    const run = await runGong(["--yes", "-p", "make it"], box);
    expect(run.code).toBe(0);
    expect(toolResultSent()).toContain("blocked by claude hook");
  });
});

describe("claude files — what the agent wrote unasked in .claude/ does not load at the next start", () => {
  it("a .claude/settings.local.json with a hook, written through a disguised bash call, runs no hook until --trust", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { trustedFolders: [box.cwd] });
    mkdirSync(path.join(box.cwd, ".claude"));
    const file = path.join(box.cwd, ".claude", "settings.local.json");
    const marker = path.join(path.dirname(box.cwd), "claude-hook-ran");
    const planted = JSON.stringify({
      hooks: { SessionStart: [{ hooks: [{ type: "command", command: `touch ${marker}` }] }] },
    });
    mock.enqueue([
      toolCallResponse([
        {
          name: "bash",
          arguments: { command: `d=.cla; d=\${d}ude; echo '${planted}' > $d/settings.local.json` },
        },
      ]),
      textResponse("done"),
    ]);
    const first = await runGong(["-p", "plant"], box);
    expect(first.code).toBe(0);
    expect(existsSync(file)).toBe(true);

    mock.enqueue([textResponse("next")]);
    const next = await runGong(["-p", "hello"], box);
    expect(next.code).toBe(0);
    expect(existsSync(marker)).toBe(false);
    expect(next.stderr).toContain(
      `gong: warning: ${file} not loaded: the agent's bash call wrote it without your confirmation (`,
    );

    expect((await runGong(["--trust"], box)).code).toBe(0);
    mock.enqueue([textResponse("accepted")]);
    const accepted = await runGong(["-p", "hello"], box);
    expect(accepted.code).toBe(0);
    expect(existsSync(marker)).toBe(true);
  });
});

describe("claude files — Claude Code's permission keys apply", () => {
  it("ask, defaultMode and additionalDirectories apply without a warning; a key gong has not is one warning naming what it does instead", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const file = path.join(box.home, ".claude", "settings.json");
    writeJson(file, {
      permissions: {
        allow: ["Bash(npm run lint)", "Read(~/.zshrc)"],
        deny: ["Bash(curl:*)"],
        ask: ["Bash(git push:*)"],
        defaultMode: "acceptEdits",
        additionalDirectories: ["../docs/"],
        disableBypassPermissionsMode: "disable",
      },
      alwaysThinkingEnabled: true,
    });
    mock.enqueue([
      toolCallResponse([
        { name: "bash", arguments: { command: "curl -s https://example.com" } },
        { name: "bash", arguments: { command: "git push origin" } },
        { name: "write", arguments: { path: "a.txt", content: "x" } },
      ]),
      textResponse("finished"),
    ]);
    const run = await runGong(["-p", "fetch"], box);
    expect(run.code).toBe(0);
    expect(toolResultSent()).toContain("permissions.deny rule Bash(curl:*)");
    expect(toolResultSent()).toContain(
      "the permissions.ask rule Bash(git push:*) asks before this call",
    );
    // acceptEdits: the write in the project ran unasked.
    expect(readFileSync(path.join(box.cwd, "a.txt"), "utf8")).toBe("x");
    const lines = run.stderr.split("\n").filter((line) => line.includes(file));
    expect(lines).toEqual([
      `gong: warning: ${file}: permissions.disableBypassPermissionsMode (auto mode stays available; pick the session's mode with permissions.defaultMode or --permission-mode): ignored by gong, the rest of permissions applies`,
    ]);
  });
});
