/**
 * The permission modes and Claude Code's permission keys through the built gong (issue
 * 37 items 2-3, issue 38's permission half): `--permission-mode` and
 * `permissions.defaultMode` with Claude Code's names, `permissions.ask` (deny beats ask
 * beats allow), `permissions.additionalDirectories` (a project's only in a trusted
 * folder). In print mode there is no one to ask: an ask is a deny with the reason.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type RecordedRequest, textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, sandbox, writeJson, writeSettings } from "./harness.js";

const mock = useMockLlmServer();

/** What the model was told about its tool calls (the second request carries the results). */
const toolResultSent = () => JSON.stringify(mock.requests[1]?.body);

function calls(...list: { name: string; arguments: Record<string, unknown> }[]): void {
  mock.enqueue([toolCallResponse(list), textResponse("finished")]);
}

const write = (file: string) => ({ name: "write", arguments: { path: file, content: "x" } });
const bash = (command: string) => ({ name: "bash", arguments: { command } });

describe("permission modes — what runs without a question", () => {
  it("ask mode in print mode: a write and a command are denied with the mode's reason; reading runs", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    calls(write("a.txt"), bash("touch made"), { name: "ls", arguments: {} });
    const run = await runGong(["--permission-mode", "ask", "-p", "go"], box);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(box.cwd, "a.txt"))).toBe(false);
    expect(existsSync(path.join(box.cwd, "made"))).toBe(false);
    const told = toolResultSent();
    expect(told).toContain(
      "denied: needs confirmation; run interactively or pass --yes (ask mode asks before changing files)",
    );
    expect(told).toContain("(ask mode asks before running commands)");
    expect(told).toContain("(empty directory)");
  });

  it("--yes answers ask mode's questions; the default mode (auto) asks nothing", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    calls(write("a.txt"));
    expect((await runGong(["--permission-mode", "ask", "--yes", "-p", "go"], box)).code).toBe(0);
    expect(readFileSync(path.join(box.cwd, "a.txt"), "utf8")).toBe("x");
    mock.reset();
    calls(bash("touch made"));
    expect((await runGong(["-p", "go"], box)).code).toBe(0);
    expect(existsSync(path.join(box.cwd, "made"))).toBe(true);
  });

  it("settings defaultMode acceptEdits (Claude Code's name): a write in the project runs, bash is denied", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { permissions: { defaultMode: "acceptEdits" } });
    calls(write("a.txt"), bash("touch made"));
    const run = await runGong(["-p", "go"], box);
    expect(run.code).toBe(0);
    expect(readFileSync(path.join(box.cwd, "a.txt"), "utf8")).toBe("x");
    expect(existsSync(path.join(box.cwd, "made"))).toBe(false);
    expect(toolResultSent()).toContain("(accept-edits mode asks before running commands)");
  });

  it("a defaultMode that names no mode is one warning and the session asks", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { permissions: { defaultMode: "acceptedits" } });
    calls(bash("touch made"));
    const run = await runGong(["-p", "go"], box);
    expect(run.stderr).toContain(
      'settings permissions.defaultMode "acceptedits" is not a mode (ask, accept-edits, auto, plan, default, acceptEdits, bypassPermissions); the session starts in ask mode',
    );
    expect(existsSync(path.join(box.cwd, "made"))).toBe(false);
  });

  it("--permission-mode wins over settings; an unknown name is a usage error naming the modes", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { permissions: { defaultMode: "default" } });
    calls(bash("touch made"));
    expect((await runGong(["--permission-mode", "bypassPermissions", "-p", "go"], box)).code).toBe(
      0,
    );
    expect(existsSync(path.join(box.cwd, "made"))).toBe(true);
    const bad = await runGong(["--permission-mode", "yolo", "-p", "go"], box);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      '--permission-mode must be one of ask, accept-edits, auto, plan, default, acceptEdits, bypassPermissions (got "yolo")',
    );
  });

  it("an untrusted project's defaultMode does not loosen the user's", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { permissions: { defaultMode: "ask" } });
    writeJson(path.join(box.cwd, ".gong", "settings.json"), {
      permissions: { defaultMode: "bypassPermissions" },
    });
    calls(bash("touch made"));
    await runGong(["-p", "go"], box);
    expect(existsSync(path.join(box.cwd, "made"))).toBe(false);
  });
});

describe("permissions.ask — deny beats ask beats allow", () => {
  it("ask Bash(touch reset:*) next to allow Bash(touch:*): that command asks (denied in print mode), another runs", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, {
      permissions: { allow: ["Bash(touch:*)"], ask: ["Bash(touch reset:*)"] },
    });
    calls(bash("touch reset-me"), bash("touch fine"));
    const run = await runGong(["--permission-mode", "ask", "-p", "go"], box);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(box.cwd, "reset-me"))).toBe(true);
    expect(existsSync(path.join(box.cwd, "fine"))).toBe(true);
    mock.reset();
    calls(bash("echo hi && touch reset"));
    await runGong(["-p", "go"], box);
    expect(existsSync(path.join(box.cwd, "reset"))).toBe(false);
    expect(toolResultSent()).toContain(
      "the permissions.ask rule Bash(touch reset:*) asks before this call",
    );
  });

  it("--yes answers an ask rule; a deny rule on the same command still refuses", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, {
      permissions: { ask: ["Bash(touch:*)"], deny: ["Bash(touch denied:*)"] },
    });
    calls(bash("touch asked"), bash("touch denied"));
    await runGong(["--yes", "-p", "go"], box);
    expect(existsSync(path.join(box.cwd, "asked"))).toBe(true);
    expect(existsSync(path.join(box.cwd, "denied"))).toBe(false);
  });
});

describe("permissions.additionalDirectories — allowed paths", () => {
  it("the user's additionalDirectories let the tools write there; an untrusted project's do not", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const shared = mkdtempSync(path.join(tmpdir(), "gong-shared-"));
    const target = path.join(shared, "out.txt");
    writeJson(path.join(box.cwd, ".gong", "settings.json"), {
      permissions: { additionalDirectories: [shared] },
    });
    calls(write(target));
    await runGong(["-p", "go"], box);
    expect(existsSync(target)).toBe(false);
    expect(toolResultSent()).toContain("is outside the allowed folders");

    mock.reset();
    writeSettings(box.gongHome, { permissions: { additionalDirectories: [shared] } });
    calls(write(target));
    await runGong(["-p", "go"], box);
    expect(readFileSync(target, "utf8")).toBe("x");
  });
});

describe("the user's own calls go through the same policy", () => {
  /** The text of the first request's last user message. */
  const promptSent = () => JSON.stringify(mock.requests[0]?.body);

  it("a prompt command's !`cmd` and @path: a deny rule refuses them; an ask rule is denied in print mode", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, {
      trustedFolders: [box.cwd],
      permissions: { deny: ["Bash(touch:*)", "Read(secret.txt)"], ask: ["Bash(echo asked:*)"] },
    });
    writeJson(path.join(box.cwd, "secret.txt"), { token: "s3cr3t" });
    const command = "Go:\n!`touch made`\n!`echo asked here`\n!`echo free`\nSee @secret.txt\n";
    mkdirSync(path.join(box.cwd, ".gong", "commands"), { recursive: true });
    writeFileSync(path.join(box.cwd, ".gong", "commands", "go.md"), command);
    mock.enqueue(textResponse("ok"));
    const run = await runGong(["-p", "/go"], box);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(box.cwd, "made"))).toBe(false);
    const sent = promptSent();
    expect(sent).toContain("bash refused by the permissions.deny rule Bash(touch:*)");
    expect(sent).toContain("the permissions.ask rule Bash(echo asked:*) asks before this call");
    expect(sent).not.toContain("asked here\\n");
    expect(sent).toContain("free");
    expect(sent).not.toContain("s3cr3t");
  });
});

describe("a task's subagent is decided by the same policy", () => {
  type Body = { messages: { role: string; content: unknown }[] };
  const firstUserText = (request: RecordedRequest) =>
    JSON.stringify((request.body as Body).messages[0]?.content ?? "");
  const hasToolResult = (request: RecordedRequest) =>
    JSON.stringify(request.body).includes('"tool_result"');

  it("ask mode in print mode: the subagent's write is denied with the mode's reason", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.setFallback((request) => {
      const sub = firstUserText(request).includes("SUBTASK");
      if (sub && !hasToolResult(request))
        return toolCallResponse([{ name: "write", arguments: { path: "sub.txt", content: "x" } }]);
      if (sub) return textResponse("sub done");
      if (hasToolResult(request)) return textResponse("parent done");
      return toolCallResponse([
        { name: "task", arguments: { description: "write it", prompt: "SUBTASK write sub.txt" } },
      ]);
    });
    const run = await runGong(["--permission-mode", "ask", "-p", "go"], box);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(box.cwd, "sub.txt"))).toBe(false);
    const subResult = mock.requests.find(
      (request) => firstUserText(request).includes("SUBTASK") && hasToolResult(request),
    );
    expect(JSON.stringify(subResult?.body)).toContain("(ask mode asks before changing files)");
  });
});
