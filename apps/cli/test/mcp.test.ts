// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} references are the syntax under test
import { existsSync, readdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import {
  jsonLines,
  runGong,
  type Sandbox,
  sandbox,
  waitFor,
  writeJson,
  writeSettings,
} from "./harness.js";

const mock = useMockLlmServer();

const FIXTURE = fileURLToPath(
  new URL("../../../packages/mcp/test/fixtures/fixture-server.mjs", import.meta.url),
);

/** `.mcp.json` with the fixture server; it writes its pid to `mark` when it starts. */
function mcpJson(box: Sandbox, entry: Record<string, unknown> = {}): string {
  const mark = path.join(box.home, "fixture.pids");
  writeJson(path.join(box.cwd, ".mcp.json"), {
    mcpServers: {
      fixture: {
        command: process.execPath,
        args: [FIXTURE],
        env: { FIXTURE_MARK: mark },
        ...entry,
      },
    },
  });
  return mark;
}

function trust(box: Sandbox, settings: Record<string, unknown> = {}): void {
  writeSettings(box.gongHome, { trustedFolders: [realpathSync(box.cwd)], ...settings });
}

function pids(mark: string): number[] {
  if (!existsSync(mark)) return [];
  return readFileSync(mark, "utf8").trim().split("\n").filter(Boolean).map(Number);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The tool names offered in the model request `index`. */
function offeredTools(index: number): string[] {
  const body = mock.requests[index]?.body as { tools?: { name: string }[] };
  return (body.tools ?? []).map((tool) => tool.name);
}

describe("security — a .mcp.json in an untrusted folder starts nothing", () => {
  it("no server process, no mcp__ tool, and the trust warning names the skipped server", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const mark = mcpJson(box);
    mock.enqueue([textResponse("ok")]);
    const run = await runGong(["-p", "hi"], box);
    expect(run.code).toBe(0);
    expect(pids(mark)).toEqual([]);
    expect(offeredTools(0).some((name) => name.startsWith("mcp__"))).toBe(false);
    expect(run.stderr).toContain(
      "gong: warning: this folder is not trusted: skipped MCP server fixture from .mcp.json; run gong --trust here to load them",
    );
  });
});

describe("mcp — a trusted folder's servers offer their tools to the model", () => {
  it("the model's call to mcp__fixture__echo returns the server's answer", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    trust(box);
    const mark = mcpJson(box);
    mock.enqueue([
      toolCallResponse([{ id: "toolu_1", name: "mcp__fixture__echo", arguments: { text: "hi" } }]),
      textResponse("done"),
    ]);
    const run = await runGong(["--mode", "json", "echo hi"], box);
    expect(run.code).toBe(0);
    type Offered = { tools: { name: string; input_schema: unknown }[] } | undefined;
    const offered = mock.requests[0]?.body as Offered;
    const echo = offered?.tools.find((t) => t.name === "mcp__fixture__echo");
    expect(echo?.input_schema).toEqual({
      type: "object",
      properties: { text: { type: "string" } },
      required: ["text"],
    });
    const end = jsonLines(run.stdout).find((e) => e.type === "tool_execution_end") as {
      result: { status: string; text: string };
      isError: boolean;
    };
    expect(end.result.status).toBe("success");
    expect(end.result.text).toBe("echo: hi");
    expect(JSON.stringify(mock.requests[1]?.body)).toContain("echo: hi");
    for (const pid of pids(mark)) expect(isRunning(pid)).toBe(false);
  });

  it("a 300 KB answer goes through the truncator: spilled to .tool-output with a preview", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    trust(box);
    mcpJson(box);
    mock.enqueue([
      toolCallResponse([{ id: "toolu_1", name: "mcp__fixture__huge", arguments: {} }]),
      textResponse("done"),
    ]);
    const run = await runGong(["-p", "get it"], box);
    expect(run.code).toBe(0);
    const spilled = readdirSync(path.join(box.cwd, ".tool-output")).filter((f) =>
      f.endsWith(".json"),
    );
    expect(spilled).toHaveLength(1);
    expect(spilled[0]).toMatch(/mcp__fixture__huge/);
    const sent = JSON.stringify(mock.requests[1]?.body);
    expect(sent).toContain(".tool-output/");
    expect(sent.length).toBeLessThan(100_000);
  });

  it("a hook matcher sees the mcp__ name (Claude Code's): a PreToolUse guard blocks the call", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    trust(box, {
      hooks: {
        PreToolUse: [
          {
            matcher: "mcp__fixture__.*",
            hooks: [
              { type: "command", command: "cat >/dev/null; echo 'no MCP today' >&2; exit 2" },
            ],
          },
        ],
      },
    });
    mcpJson(box);
    mock.enqueue([
      toolCallResponse([{ id: "toolu_1", name: "mcp__fixture__echo", arguments: { text: "x" } }]),
      textResponse("done"),
    ]);
    const run = await runGong(["-p", "echo"], box);
    expect(run.code).toBe(0);
    const sent = JSON.stringify(mock.requests[1]?.body);
    expect(sent).toContain("no MCP today");
    expect(sent).not.toContain("echo: x");
  });

  it("--preset readonly offers only the tools the server marks readOnlyHint", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    trust(box);
    mcpJson(box);
    mock.enqueue([textResponse("ok")]);
    const run = await runGong(["--preset", "readonly", "-p", "hi"], box);
    expect(run.code).toBe(0);
    expect(offeredTools(0).filter((name) => name.startsWith("mcp__"))).toEqual([
      "mcp__fixture__echo",
      "mcp__fixture__env",
    ]);
  });

  it("--tools may name MCP tools beside built-in ones", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    trust(box);
    mcpJson(box);
    mock.enqueue([textResponse("ok")]);
    const run = await runGong(["--tools", "read,mcp__fixture__env", "-p", "hi"], box);
    expect(run.code).toBe(0);
    expect(offeredTools(0)).toEqual(["read", "mcp__fixture__env"]);
  });

  it("a wrong mcpServers entry in settings.json is one file:line:col warning; the others start", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const file = path.join(box.gongHome, "settings.json");
    writeFileSync(
      file,
      [
        "{",
        '  "mcpServers": {',
        `    "good": { "command": ${JSON.stringify(process.execPath)}, "args": [${JSON.stringify(FIXTURE)}] },`,
        '    "bad": { "url": "https://example.com/mcp" }',
        "  }",
        "}",
      ].join("\n"),
    );
    mock.enqueue([textResponse("ok")]);
    const run = await runGong(["-p", "hi"], box);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(
      new RegExp(`^gong: warning: ${file}:4:12: "mcpServers.bad" must be a server entry`),
    );
    expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(offeredTools(0)).toContain("mcp__good__echo");
  });

  it("--mcp-config adds servers for this run, also in an untrusted folder", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const file = path.join(box.home, "servers.json");
    writeJson(file, {
      mcpServers: { extra: { command: process.execPath, args: [FIXTURE], includeTools: ["echo"] } },
    });
    mock.enqueue([textResponse("ok")]);
    const run = await runGong(["--mcp-config", file, "-p", "hi"], box);
    expect(run.code).toBe(0);
    expect(offeredTools(0).filter((name) => name.startsWith("mcp__"))).toEqual([
      "mcp__extra__echo",
    ]);
  });
});

describe("mcp — servers that misbehave never hang a run", () => {
  it("a slow server never holds the first prompt more than 5 s; its tools come from a later turn", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    delete box.env.MCP_TIMEOUT; // the product's own waits: 5 s for the first prompt
    trust(box);
    // The server starts only after the first prompt reached the model (so gong did not wait
    // for it), and the first answer comes once gong has its tools: conditions, not times.
    const gate = path.join(box.home, "start-now");
    const listed = path.join(box.home, "listed");
    mcpJson(box, { env: { FIXTURE_START_WHEN: gate, FIXTURE_LISTED_MARK: listed } });
    let asked = 0;
    mock.setFallback(async () => {
      if (++asked > 1) return textResponse("second");
      writeFileSync(gate, "");
      await waitFor(() => existsSync(listed));
      // tools/list answered; a few slow events let gong read that answer.
      return textResponse("first answer, slowly", { eventDelayMs: 200 });
    });
    const run = await runGong(["-p", "first", "second"], box).finally(() =>
      mock.setFallback(undefined),
    );
    expect(run.code).toBe(0);
    expect(offeredTools(0).some((name) => name.startsWith("mcp__"))).toBe(false);
    expect(offeredTools(1)).toContain("mcp__fixture__echo");
  });

  it("a hanging server with timeout 2000 gives an error result within seconds, exit 0, no process left", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    trust(box);
    const mark = mcpJson(box, { timeout: 2000 });
    mock.enqueue([
      toolCallResponse([{ id: "toolu_1", name: "mcp__fixture__never", arguments: {} }]),
      textResponse("gave up"),
    ]);
    const run = await runGong(["-p", "wait"], box);
    expect(run.code).toBe(0);
    expect(run.ms).toBeLessThan(120_000); // not the 10-minute default
    expect(JSON.stringify(mock.requests[1]?.body)).toContain("timed out after 2 s");
    expect(pids(mark)).toHaveLength(1);
    for (const pid of pids(mark)) expect(isRunning(pid)).toBe(false);
  });

  it("a server that fails to start is one warning naming it and why; the run goes on", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    trust(box);
    mcpJson(box, { env: { FIXTURE_FAIL_START: "1" } });
    mock.enqueue([textResponse("ok")]);
    const run = await runGong(["-p", "hi"], box);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("ok\n");
    expect(run.stderr).toMatch(
      /^gong: warning: MCP server "fixture" failed to start: .*fixture: cannot open the database \/nonexistent; the session goes on without its tools\.\n$/,
    );
  });

  it("SIGTERM during a call that never answers ends gong and the server process", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    trust(box);
    const mark = mcpJson(box);
    mock.enqueue([
      toolCallResponse([{ id: "toolu_1", name: "mcp__fixture__never", arguments: {} }]),
    ]);
    const run = await runGong(["--mode", "json", "wait"], box, {
      onSpawn: (child) => {
        child.stdout?.on("data", (chunk: Buffer) => {
          if (chunk.toString().includes('"tool_execution_start"')) child.kill("SIGTERM");
        });
      },
    });
    expect(run.code).toBe(143);
    expect(pids(mark)).toHaveLength(1);
    for (const pid of pids(mark)) expect(isRunning(pid)).toBe(false);
  });
});

describe("gong mcp list", () => {
  it("shows each server: connected with its tool count, failed and why, disabled", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    trust(box);
    writeJson(path.join(box.cwd, ".mcp.json"), {
      mcpServers: {
        good: { command: process.execPath, args: [FIXTURE] },
        broken: { command: process.execPath, args: [FIXTURE], env: { FIXTURE_FAIL_START: "1" } },
        off: { command: process.execPath, args: [FIXTURE], disabled: true },
      },
    });
    const run = await runGong(["mcp", "list"], box);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^good: connected \(14 tools\)\nbroken: failed: .*cannot open the database \/nonexistent\noff: disabled\n$/,
    );
  });

  it("gong mcp get <name> shows how the server starts and its tools' names; an unknown name is exit 1", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    trust(box);
    writeJson(path.join(box.cwd, ".mcp.json"), {
      mcpServers: {
        fixture: {
          command: process.execPath,
          args: [FIXTURE],
          env: { SECRET: "do-not-print" },
          includeTools: ["echo", "env"],
        },
      },
    });
    const run = await runGong(["mcp", "get", "fixture"], box);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      `fixture: connected (2 tools)\n  ${process.execPath} ${FIXTURE}\n  mcp__fixture__echo\n  mcp__fixture__env\n`,
    );
    const missing = await runGong(["mcp", "get", "nope"], box);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe('gong: no MCP server named "nope" (configured: fixture)\n');
  });

  it("in an untrusted folder lists nothing from .mcp.json and says why", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mcpJson(box);
    const run = await runGong(["mcp", "list"], box);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("No MCP servers configured");
    expect(run.stderr).toContain("skipped MCP server fixture from .mcp.json");
  });
});

describe("gong mcp add / remove — write the server entry, keeping the file's other keys and comments", () => {
  it("add (user scope, the default) writes a stdio entry to ~/.gong/settings.json that gong mcp list then starts", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const settings = path.join(box.gongHome, "settings.json");
    writeFileSync(settings, '{\n  // my theme\n  "theme": "dark"\n}\n');
    const run = await runGong(
      ["mcp", "add", "fixture", "--", process.execPath, FIXTURE, "-x"],
      box,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(settings);
    const text = readFileSync(settings, "utf8");
    expect(text).toContain("// my theme");
    expect(text).toContain('"theme": "dark"');
    const list = await runGong(["mcp", "list"], box);
    expect(list.stdout).toMatch(/^fixture: connected/m);
    expect(text).toContain('"-x"');
  });

  it("add --scope project --transport http writes a remote entry with headers to .mcp.json; remove takes it out", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const file = path.join(box.cwd, ".mcp.json");
    writeJson(file, { mcpServers: { other: { command: "x" } } });
    const add = await runGong(
      [
        "mcp",
        "add",
        "--scope",
        "project",
        "--transport",
        "http",
        "docs",
        "https://example.com/mcp",
        "--header",
        "Authorization: Bearer ${DOCS_TOKEN}",
        "--header",
        "X-A: b",
      ],
      box,
    );
    expect(add.code).toBe(0);
    expect(add.stdout).toContain(file);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
      mcpServers: {
        other: { command: "x" },
        docs: {
          type: "http",
          url: "https://example.com/mcp",
          headers: { Authorization: "Bearer ${DOCS_TOKEN}", "X-A": "b" },
        },
      },
    });
    const remove = await runGong(["mcp", "remove", "docs", "--scope", "project"], box);
    expect(remove.code).toBe(0);
    expect(remove.stdout).toContain(file);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
      mcpServers: { other: { command: "x" } },
    });
  });

  it("a wrong call exits 2 with a usage line; removing a name that is not there exits 1", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    for (const argv of [
      ["mcp", "add", "fixture"],
      ["mcp", "add", "--scope", "team", "fixture", "--", "node"],
      ["mcp", "add", "--transport", "http", "docs"],
      ["mcp", "add", "--transport", "http", "docs", "u", "--header", "no-colon"],
      ["mcp", "remove"],
    ]) {
      const run = await runGong(argv, box);
      expect(run.code, argv.join(" ")).toBe(2);
      expect(run.stderr).toMatch(/usage: gong mcp (add|remove)/);
    }
    const missing = await runGong(["mcp", "remove", "nope"], box);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no MCP server named "nope"');
  });
});

describe("mcp — what a misbehaving server gets told (issue 34.8)", () => {
  it("an answer over 10 MB fails that call with its size and the limit; the server keeps running", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    trust(box);
    const mark = mcpJson(box);
    mock.enqueue([
      toolCallResponse([{ id: "toolu_1", name: "mcp__fixture__pid", arguments: {} }]),
      toolCallResponse([
        { id: "toolu_2", name: "mcp__fixture__huge", arguments: { bytes: 11_000_000 } },
      ]),
      toolCallResponse([{ id: "toolu_3", name: "mcp__fixture__pid", arguments: {} }]),
      textResponse("done"),
    ]);
    const run = await runGong(["-p", "go"], box);
    expect(run.code).toBe(0);
    const tooLarge = JSON.stringify(mock.requests[2]?.body);
    expect(tooLarge).toContain(
      "could not deliver the result of mcp__fixture__huge: the server answered with a message of 10.5 MB, more than the 10 MB gong reads from one MCP message; the answer was dropped. The server is still running.",
    );
    expect(tooLarge).toContain("asking for less");
    expect(tooLarge).not.toContain("exited");
    // One server process, and the same one answers after the big answer.
    expect(pids(mark)).toHaveLength(1);
    const [pid] = pids(mark);
    expect(JSON.stringify(mock.requests[1]?.body)).toContain(`"${pid}"`);
    expect(JSON.stringify(mock.requests[3]?.body)).toContain(`"${pid}"`);
  });

  it("a server that never answers initialize is one warning naming it and the wait, in -p and in json mode", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    trust(box);
    mcpJson(box, { env: { FIXTURE_NEVER_INITIALIZE: "1" } });
    // The product's own waits (5 s, 30 s), not the sandbox's MCP_TIMEOUT hang guard: this
    // server never answers, so the wait ends the same way on a busy machine.
    delete box.env.MCP_TIMEOUT;
    mock.enqueue([textResponse("ok")]);
    const run = await runGong(["-p", "hi"], box);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("ok\n");
    expect(run.stderr).toBe(
      'gong: warning: MCP server "fixture" has not answered initialize after 5 s; the session goes on without its tools for now (they join when it is ready; it has 30 s to start).\n',
    );
    mock.enqueue([textResponse("ok")]);
    const json = await runGong(["--mode", "json", "hi"], box);
    expect(json.code).toBe(0);
    const warnings = jsonLines(json.stdout).filter((line) => line.type === "warning");
    expect(warnings).toEqual([
      {
        type: "warning",
        message:
          'MCP server "fixture" has not answered initialize after 5 s; the session goes on without its tools for now (they join when it is ready; it has 30 s to start).',
      },
    ]);
  });

  it("a server that ignores stdin's end and SIGTERM: KILLed after a grace at the end of a run, and ended by the next session after gong was killed with -9", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    trust(box);
    const mark = path.join(box.home, "fixture.pids");
    mcpJson(box, { env: { FIXTURE_MARK: mark, FIXTURE_STUBBORN: "1" } });
    try {
      await killedThenNextSession(mark, box);
    } finally {
      // Whatever the outcome, no stubborn server outlives the test.
      for (const pid of pids(mark)) if (isRunning(pid)) process.kill(pid, "SIGKILL");
    }
  });
});

async function killedThenNextSession(mark: string, box: Sandbox): Promise<void> {
  mock.enqueue([toolCallResponse([{ id: "toolu_1", name: "mcp__fixture__never", arguments: {} }])]);
  const killed = await runGong(["--mode", "json", "wait"], box, {
    onSpawn: (child) => {
      child.stdout?.on("data", (chunk: Buffer) => {
        if (chunk.toString().includes('"tool_execution_start"')) child.kill("SIGKILL");
      });
    },
  });
  expect(killed.code).toBe(null);
  const [orphan] = pids(mark);
  if (orphan === undefined) throw new Error("the server never started");
  expect(isRunning(orphan)).toBe(true);

  mock.enqueue([textResponse("ok")]);
  const next = await runGong(["-p", "hi"], box);
  expect(next.code).toBe(0);
  await waitFor(() => !isRunning(orphan), 60_000);
  // The next run's own server ignored the end of stdin and TERM too: KILLed after the grace.
  const started = pids(mark);
  expect(started).toHaveLength(2);
  await waitFor(() => started.every((pid) => !isRunning(pid)), 60_000);
  // Both runs' records are gone: the killed gong's ended by the next session, its own at close.
  const jobs = path.join(box.gongHome, "jobs");
  const records = existsSync(jobs) ? readdirSync(jobs) : [];
  expect(records.filter((name) => name.endsWith(".mcp.json"))).toEqual([]);
}
