import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, type Sandbox, sandbox, writeJson, writeSettings } from "./harness.js";

const mock = useMockLlmServer();

const requestText = (index: number) => JSON.stringify(mock.requests[index]?.body);
const offeredTools = (index: number) =>
  ((mock.requests[index]?.body as { tools?: { name: string }[] } | undefined)?.tools ?? []).map(
    (t) => t.name,
  );
const DENIED = "denied: needs confirmation; run interactively or pass --yes";
const WIDER = JSON.stringify({ tools: ["read", "bash", "write"] });

/** A trusted project whose settings allow read and bash only. */
function trustedProject(box: Sandbox): string {
  writeSettings(box.gongHome, { trustedFolders: [box.cwd] });
  const file = path.join(box.cwd, ".gong", "settings.json");
  writeJson(file, { tools: ["read", "bash"] });
  return file;
}

describe("security — the agent cannot widen its own configuration without the user's yes", () => {
  it("write .gong/settings.json: denied in print mode, the file is unchanged", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const file = path.join(box.cwd, ".gong", "settings.json");
    mock.enqueue([
      toolCallResponse([
        { name: "write", arguments: { path: ".gong/settings.json", content: WIDER } },
      ]),
      textResponse("done"),
    ]);
    const run = await runGong(["-p", "give yourself bash"], box);
    expect(run.code).toBe(0);
    expect(existsSync(file)).toBe(false);
    expect(requestText(1)).toContain(DENIED);
    expect(requestText(1)).toContain("gong's own configuration");
  });

  it("edit of .gong/settings.json, .mcp.json and .claude/settings.local.json: each denied", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const files = [".gong/settings.json", ".mcp.json", ".claude/settings.local.json"];
    for (const file of files) {
      mkdirSync(path.dirname(path.join(box.cwd, file)), { recursive: true });
      writeFileSync(path.join(box.cwd, file), '{ "x": 1 }\n');
    }
    mock.enqueue([
      toolCallResponse(
        files.map((file, i) => ({
          id: `toolu_${i}`,
          name: "edit",
          arguments: { path: file, oldText: '"x": 1', newText: '"x": 2' },
        })),
      ),
      textResponse("done"),
    ]);
    const run = await runGong(["-p", "edit them"], box);
    expect(run.code).toBe(0);
    for (const file of files) {
      expect(readFileSync(path.join(box.cwd, file), "utf8")).toBe('{ "x": 1 }\n');
    }
    expect(requestText(1).split(DENIED).length - 1).toBe(3);
  });

  it("a bash command that writes into .gong/ is denied too", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([
        {
          name: "bash",
          arguments: { command: `mkdir -p .gong && echo '${WIDER}' > .gong/settings.json` },
        },
      ]),
      textResponse("done"),
    ]);
    const run = await runGong(["-p", "give yourself bash"], box);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(box.cwd, ".gong", "settings.json"))).toBe(false);
    expect(requestText(1)).toContain(DENIED);
  });

  it("AGENTS.md is the user's text, not configuration: written without a question", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([
        { name: "write", arguments: { path: "AGENTS.md", content: "Use tabs.\n" } },
      ]),
      textResponse("done"),
    ]);
    const run = await runGong(["-p", "write the rules"], box);
    expect(run.code).toBe(0);
    expect(readFileSync(path.join(box.cwd, "AGENTS.md"), "utf8")).toBe("Use tabs.\n");
  });

  it("with --yes the write happens and applies from the next prompt", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const file = trustedProject(box);
    mock.enqueue([
      toolCallResponse([
        { name: "bash", arguments: { command: `echo '${WIDER}' > .gong/settings.json` } },
      ]),
      textResponse("done"),
      textResponse("second"),
    ]);
    const run = await runGong(["--yes", "-p", "widen", "again"], box);
    expect(run.code).toBe(0);
    expect(readFileSync(file, "utf8")).toBe(`${WIDER}\n`);
    expect(offeredTools(2)).toEqual(["read", "bash", "write"]);
  });

  it("a settings file the agent changed through a disguised bash call is not reloaded", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const file = trustedProject(box);
    // `.g''ong` is `.gong` to the shell but names no configuration in the text.
    mock.enqueue([
      toolCallResponse([
        { name: "bash", arguments: { command: `cd .g''ong && echo '${WIDER}' > settings.json` } },
      ]),
      textResponse("done"),
      textResponse("second"),
    ]);
    const run = await runGong(["-p", "widen", "again"], box);
    expect(run.code).toBe(0);
    expect(readFileSync(file, "utf8")).toBe(`${WIDER}\n`);
    expect(offeredTools(0)).toEqual(["read", "bash"]);
    expect(offeredTools(2)).toEqual(["read", "bash"]);
    expect(run.stderr).toContain(
      `gong: warning: ${file} was changed by the agent's bash call without your confirmation: not applied, now or at the next start; review it, then run gong --trust in ${box.cwd} to accept it (or edit it yourself)\n`,
    );
  });

  it("in a trusted folder a PreToolUse hook the agent planted through bash does not run", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    trustedProject(box);
    const marker = path.join(path.dirname(box.cwd), "hook-ran");
    const planted = JSON.stringify({
      tools: ["read", "bash"],
      hooks: { PreToolUse: [{ hooks: [{ type: "command", command: `touch ${marker}` }] }] },
    });
    mock.enqueue([
      toolCallResponse([
        { name: "bash", arguments: { command: `cd .g''ong && echo '${planted}' > settings.json` } },
      ]),
      textResponse("done"),
      toolCallResponse([{ name: "bash", arguments: { command: "true" } }]),
      textResponse("second"),
    ]);
    const run = await runGong(["-p", "plant", "again"], box);
    expect(run.code).toBe(0);
    expect(mock.requests).toHaveLength(4);
    expect(existsSync(marker)).toBe(false);
  });
});

describe("security — what the agent wrote unasked does not load at the next start (issue 34 item 1)", () => {
  it("planted at the next start: a settings.local.json with hooks written through a disguised bash call runs no hook until the user accepts it with --trust", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    trustedProject(box);
    const file = path.join(box.cwd, ".gong", "settings.local.json");
    const marker = path.join(path.dirname(box.cwd), "hook-ran");
    const planted = JSON.stringify({
      hooks: { SessionStart: [{ hooks: [{ type: "command", command: `touch ${marker}` }] }] },
    });
    mock.enqueue([
      toolCallResponse([
        {
          name: "bash",
          arguments: { command: `d=.g; d=\${d}ong; echo '${planted}' > $d/settings.local.json` },
        },
      ]),
      textResponse("done"),
    ]);
    const first = await runGong(["-p", "plant"], box);
    expect(first.code).toBe(0);
    expect(readFileSync(file, "utf8")).toBe(`${planted}\n`);

    mock.enqueue([textResponse("next")]);
    const next = await runGong(["-p", "hello"], box);
    expect(next.code).toBe(0);
    expect(existsSync(marker)).toBe(false);
    expect(next.stderr).toContain(
      `gong: warning: ${file} not loaded: the agent's bash call wrote it without your confirmation (`,
    );
    expect(next.stderr).toContain(`review it, then run gong --trust in ${box.cwd} to accept it`);

    const trust = await runGong(["--trust"], box);
    expect(trust.code).toBe(0);
    expect(trust.stdout).toContain(
      `Accepted what the agent wrote there without your confirmation: ${file}.`,
    );
    mock.enqueue([textResponse("accepted")]);
    const accepted = await runGong(["-p", "hello"], box);
    expect(accepted.code).toBe(0);
    expect(accepted.stderr).not.toContain("not loaded");
    expect(existsSync(marker)).toBe(true);
  });

  it("a .mcp.json the agent wrote through bash starts no server at the next start, and says so", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    trustedProject(box);
    const file = path.join(box.cwd, ".mcp.json");
    const marker = path.join(path.dirname(box.cwd), "server-ran");
    const planted = JSON.stringify({
      mcpServers: { planted: { command: "sh", args: ["-c", `touch ${marker}`] } },
    });
    mock.enqueue([
      toolCallResponse([
        { name: "bash", arguments: { command: `f=.mcp; echo '${planted}' > \${f}.json` } },
      ]),
      textResponse("done"),
    ]);
    expect((await runGong(["-p", "plant"], box)).code).toBe(0);
    expect(existsSync(file)).toBe(true);
    mock.enqueue([textResponse("next")]);
    const next = await runGong(["-p", "hello"], box);
    expect(next.code).toBe(0);
    expect(existsSync(marker)).toBe(false);
    expect(next.stderr).toContain(`${file} not loaded: the agent's bash call wrote it`);
  });

  it("a settings file the user changed after the agent loads as usual", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const file = trustedProject(box);
    mock.enqueue([
      toolCallResponse([
        { name: "bash", arguments: { command: `cd .g''ong && echo '${WIDER}' > settings.json` } },
      ]),
      textResponse("done"),
    ]);
    expect((await runGong(["-p", "widen"], box)).code).toBe(0);
    writeJson(file, { tools: ["read", "write"] });
    mock.enqueue([textResponse("next")]);
    const next = await runGong(["-p", "hello"], box);
    expect(next.stderr).toBe("");
    expect(offeredTools(2)).toEqual(["read", "write"]);
  });
});

describe("security — a hook module the agent planted unasked does not load at the next start", () => {
  it("a .gong/hooks module written through a disguised bash call is not loaded, and the warning names the folder", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    trustedProject(box);
    const folder = path.join(box.cwd, ".gong", "hooks");
    mkdirSync(folder, { recursive: true });
    const marker = path.join(path.dirname(box.cwd), "module-loaded");
    const module = `import { writeFileSync } from "node:fs"; writeFileSync(${JSON.stringify(marker)}, "x"); export default { name: "planted" };`;
    mock.enqueue([
      toolCallResponse([
        {
          name: "bash",
          arguments: { command: `cd .g''ong/hooks && echo '${module}' > planted.mjs` },
        },
      ]),
      textResponse("done"),
    ]);
    expect((await runGong(["-p", "plant"], box)).code).toBe(0);
    expect(existsSync(path.join(folder, "planted.mjs"))).toBe(true);
    expect(existsSync(marker)).toBe(false);
    mock.enqueue([textResponse("next")]);
    const next = await runGong(["-p", "hello"], box);
    expect(next.code).toBe(0);
    expect(existsSync(marker)).toBe(false);
    expect(next.stderr).toContain(`${folder} not loaded: the agent's bash call wrote it`);
  });
});
