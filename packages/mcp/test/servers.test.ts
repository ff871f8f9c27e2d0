// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} references are the syntax under test
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runTool, type Tool, type ToolResponse, toolCallSummary } from "@gong/tools";
import { afterEach, describe, expect, it } from "vitest";
import { type McpServerEntry, McpServers } from "../src/index.ts";

const FIXTURE = fileURLToPath(new URL("./fixtures/fixture-server.mjs", import.meta.url));
const cwd = mkdtempSync(path.join(tmpdir(), "gong-mcp-"));
const opened: McpServers[] = [];

function fixture(extra: Partial<McpServerEntry> = {}): McpServerEntry {
  return { command: process.execPath, args: [FIXTURE], ...extra } as McpServerEntry;
}

async function start(
  servers: Record<string, McpServerEntry>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ mcp: McpServers; warnings: string[] }> {
  const warnings: string[] = [];
  const mcp = new McpServers({
    servers,
    env,
    cwd,
    warn: (message) => warnings.push(message),
  });
  opened.push(mcp);
  await mcp.ready(15_000);
  return { mcp, warnings };
}

function tool(mcp: McpServers, name: string): Tool {
  const found = mcp.tools().find((t) => t.name === name);
  if (!found)
    throw new Error(
      `no tool ${name} in ${mcp
        .tools()
        .map((t) => t.name)
        .join(", ")}`,
    );
  return found;
}

function call(
  t: Tool,
  args: unknown,
  extra: Parameters<typeof runTool>[2] = { cwd },
): Promise<ToolResponse> {
  return runTool(t, args, extra);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((mcp) => mcp.close()));
});

describe("mcp — a fixture server's tools become gong tools", () => {
  it("offers mcp__<server>__<tool> with the server's description and schema", async () => {
    const { mcp, warnings } = await start({ fixture: fixture() });
    expect(warnings).toEqual([]);
    const echo = tool(mcp, "mcp__fixture__echo");
    expect(echo.description).toBe("Echoes the text back.");
    expect(JSON.parse(JSON.stringify(echo.parameters))).toEqual({
      type: "object",
      properties: { text: { type: "string" } },
      required: ["text"],
    });
    expect(mcp.statuses()).toEqual([{ name: "fixture", status: "connected", tools: 14 }]);
  });

  it("a call's summary is the one every face looks up by name (its text argument)", async () => {
    const { mcp } = await start({ fixture: fixture() });
    const echo = tool(mcp, "mcp__fixture__echo");
    const args = { text: "hello  there" };
    expect(echo.summary?.(args)).toBe("hello  there");
    expect(toolCallSummary(echo.name, args)).toBe("hello there");
    expect(tool(mcp, "mcp__fixture__slow").summary?.({ steps: 2 })).toBeUndefined();
  });

  it("returns the answer as a success envelope whose text the model reads", async () => {
    const { mcp } = await start({ fixture: fixture() });
    const result = await call(tool(mcp, "mcp__fixture__echo"), { text: "hi" });
    expect(result.status).toBe("success");
    expect(result.text).toBe("echo: hi");
    expect(result.data.content).toEqual([{ type: "text", text: "echo: hi" }]);
  });

  it("checks the arguments against the server's schema before calling (INVALID_PARAM)", async () => {
    const { mcp } = await start({ fixture: fixture() });
    const result = await call(tool(mcp, "mcp__fixture__echo"), { text: 42 });
    expect(result.status).toBe("error");
    expect(result.error?.code).toBe("INVALID_PARAM");
  });

  it("an isError result is an error envelope with a next step", async () => {
    const { mcp } = await start({ fixture: fixture() });
    const result = await call(tool(mcp, "mcp__fixture__fail"), {});
    expect(result.status).toBe("error");
    expect(result.error?.code).toBe("EXECUTION_ERROR");
    expect(result.text).toContain("the widget is broken");
    expect(result.text).toContain("Recommended next step");
  });

  it("images travel as images, embedded resources as text", async () => {
    const { mcp } = await start({ fixture: fixture() });
    const image = await call(tool(mcp, "mcp__fixture__image"), {});
    expect(image.text).toBe("a pixel");
    expect(image.data.images).toEqual([
      { type: "image", data: expect.stringMatching(/^iVBOR/), mimeType: "image/png" },
    ]);
    const resource = await call(tool(mcp, "mcp__fixture__resource"), {});
    expect(resource.text).toBe("embedded notes");
  });

  it("a stdio server gets a clean environment plus its env — never the provider keys", async () => {
    const env = {
      ...process.env,
      ANTHROPIC_API_KEY: "sk-secret",
      OPENAI_API_KEY: "sk-other",
      TOKEN: "t1",
    };
    const { mcp } = await start({ fixture: fixture({ env: { SERVER_TOKEN: "${TOKEN}" } }) }, env);
    const result = await call(tool(mcp, "mcp__fixture__env"), {});
    const names = result.text.split("\n");
    expect(names).toContain("PATH");
    expect(names).toContain("SERVER_TOKEN");
    expect(names).not.toContain("ANTHROPIC_API_KEY");
    expect(names).not.toContain("OPENAI_API_KEY");
  });

  it("a stdio server runs in the project, a relative cwd below it", async () => {
    mkdirSync(path.join(cwd, "sub"), { recursive: true });
    const { mcp } = await start({ top: fixture(), below: fixture({ cwd: "sub" }) });
    expect((await call(tool(mcp, "mcp__top__cwd"), {})).text).toBe(realpathSync(cwd));
    expect((await call(tool(mcp, "mcp__below__cwd"), {})).text).toBe(
      realpathSync(path.join(cwd, "sub")),
    );
  });

  it("includeTools / excludeTools choose the tools offered", async () => {
    const { mcp } = await start({
      a: fixture({ includeTools: ["echo", "fail"] }),
      b: fixture({ excludeTools: ["crash"] }),
    });
    const names = mcp.tools().map((t) => t.name);
    expect(names.filter((n) => n.startsWith("mcp__a__"))).toEqual(["mcp__a__echo", "mcp__a__fail"]);
    expect(names).not.toContain("mcp__b__crash");
    expect(names).toContain("mcp__b__huge");
  });

  it("the readonly selection offers only tools the server marks readOnlyHint", async () => {
    const { mcp } = await start({ fixture: fixture() });
    expect(mcp.tools({ readOnlyOnly: true }).map((t) => t.name)).toEqual([
      "mcp__fixture__echo",
      "mcp__fixture__env",
    ]);
  });
});

describe("mcp — servers that misbehave never hang a run", () => {
  it("a server that fails to start is one warning naming it and its last stderr line", async () => {
    const { mcp, warnings } = await start({
      broken: fixture({ env: { FIXTURE_FAIL_START: "1" } }),
      fixture: fixture(),
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /MCP server "broken" failed to start: .*cannot open the database \/nonexistent/,
    );
    expect(mcp.statuses().map((s) => s.status)).toEqual(["failed", "connected"]);
    expect(mcp.tools().some((t) => t.name === "mcp__fixture__echo")).toBe(true);
  });

  it("a command that does not exist fails with a reason, not a crash", async () => {
    const { mcp, warnings } = await start({ gone: { command: "/nonexistent/mcp-server" } });
    expect(warnings[0]).toMatch(/MCP server "gone" failed to start: /);
    expect(mcp.statuses()[0]?.status).toBe("failed");
  });

  it("an unset ${VAR} without a default leaves the server unstarted and says which", async () => {
    const env = { ...process.env };
    delete env.GONG_TEST_UNSET;
    const { mcp, warnings } = await start(
      { fixture: fixture({ args: [FIXTURE, "${GONG_TEST_UNSET}"] }) },
      env,
    );
    expect(warnings[0]).toContain("${GONG_TEST_UNSET} not set");
    expect(mcp.statuses()[0]).toMatchObject({ status: "failed" });
  });

  it("a disabled server is not started", async () => {
    const { mcp } = await start({ off: fixture({ disabled: true }) });
    expect(mcp.statuses()).toEqual([{ name: "off", status: "disabled", tools: 0 }]);
    expect(mcp.tools()).toEqual([]);
  });

  it("a call with no answer times out after the entry's timeout with a TIMEOUT error", async () => {
    const { mcp } = await start({ fixture: fixture({ timeout: 500 }) });
    const started = Date.now();
    const result = await call(tool(mcp, "mcp__fixture__never"), {});
    expect(Date.now() - started).toBeLessThan(120_000); // not the 10-minute default
    expect(result.error?.code).toBe("TIMEOUT");
    expect(result.text).toContain('"timeout"');
  });

  it("progress notifications extend the timeout and show as updates", async () => {
    const { mcp } = await start({ fixture: fixture({ timeout: 6_000 }) });
    const updates: string[] = [];
    const result = await call(
      tool(mcp, "mcp__fixture__slow"),
      { steps: 4, delayMs: 2_000 },
      { cwd, onUpdate: (partial) => updates.push(partial.text) },
    );
    expect(result.status).toBe("success");
    expect(result.text).toBe("done after 4 steps");
    // 4 × 2 s is well past the 6 s timeout: only the progress kept the call alive (each
    // step has 4 s to spare, for a loaded machine).
    // (The last notification may race the result; the first ones cannot.)
    expect(updates.slice(0, 3)).toEqual([
      "progress 1/4: step 1",
      "progress 2/4: step 2",
      "progress 3/4: step 3",
    ]);
  });

  it("abort ends the call at once, tells the server (notifications/cancelled), and the server stays usable", async () => {
    const cancelMark = path.join(cwd, `cancelled-${Date.now()}`);
    const { mcp } = await start({ fixture: fixture({ env: { FIXTURE_CANCEL_MARK: cancelMark } }) });
    const controller = new AbortController();
    const pending = call(tool(mcp, "mcp__fixture__never"), {}, { cwd, signal: controller.signal });
    // Aborted once the server runs the call: a cancellation that overtakes its request is
    // dropped by the server (it knows no such request yet).
    await waitForText(cancelMark, "started\n");
    const aborted = Date.now();
    controller.abort();
    const result = await pending;
    expect(Date.now() - aborted).toBeLessThan(60_000); // not the 10-minute default
    expect(result.error?.code).toBe("ABORTED");
    await waitForText(cancelMark, "started\ncancelled\n");
    expect((await call(tool(mcp, "mcp__fixture__echo"), { text: "still" })).text).toBe(
      "echo: still",
    );
  });

  it("a server that exits mid-call gives an error with a next step and is restarted on the next call", async () => {
    const { mcp } = await start({ fixture: fixture() });
    const crashed = await call(tool(mcp, "mcp__fixture__crash"), {});
    expect(crashed.status).toBe("error");
    expect(crashed.text).toContain('The MCP server "fixture" stopped during mcp__fixture__crash');
    expect(crashed.text).toContain("crashing on purpose");
    expect(crashed.text).toContain("restarted for the next call");
    const again = await call(tool(mcp, "mcp__fixture__echo"), { text: "back" });
    expect(again.text).toBe("echo: back");
  });

  it("restarts are bounded: a server that keeps crashing stays stopped", async () => {
    const { mcp } = await start({ fixture: fixture() });
    const crash = tool(mcp, "mcp__fixture__crash");
    let last: ToolResponse | undefined;
    for (let i = 0; i < 5; i++) last = await call(crash, {});
    expect(last?.text).toContain("crashed too often");
  });

  it("close ends every server process", async () => {
    const { mcp } = await start({ a: fixture(), b: fixture() });
    const pids = await Promise.all(
      ["mcp__a__pid", "mcp__b__pid"].map(async (name) =>
        Number((await call(tool(mcp, name), {})).text),
      ),
    );
    for (const pid of pids) expect(isRunning(pid)).toBe(true);
    await mcp.close();
    for (const pid of pids) expect(isRunning(pid)).toBe(false);
  });
});

describe("mcp — @modelcontextprotocol/server-everything over stdio", () => {
  it("lists its tools and answers its echo tool", async () => {
    const bin = fileURLToPath(
      new URL(
        "../node_modules/@modelcontextprotocol/server-everything/dist/index.js",
        import.meta.url,
      ),
    );
    const { mcp, warnings } = await start({
      everything: { command: process.execPath, args: [bin, "stdio"] },
    });
    expect(warnings).toEqual([]);
    const result = await call(tool(mcp, "mcp__everything__echo"), { message: "hello" });
    expect(result.status).toBe("success");
    expect(result.text).toContain("hello");
  });
});

describe("mcp — resource tools only when a server offers resources", () => {
  it("server-everything's resources are listed and read; a server without resources adds no resource tool", async () => {
    const bin = fileURLToPath(
      new URL(
        "../node_modules/@modelcontextprotocol/server-everything/dist/index.js",
        import.meta.url,
      ),
    );
    const plain = await start({ fixture: fixture() });
    expect(plain.mcp.tools().map((t) => t.name)).not.toContain("list_mcp_resources");
    const { mcp } = await start({
      everything: { command: process.execPath, args: [bin, "stdio"] },
    });
    const listed = await call(tool(mcp, "list_mcp_resources"), {});
    expect(listed.status).toBe("success");
    const uri = "demo://resource/static/document/architecture.md";
    expect(listed.text).toContain(`everything  ${uri}  architecture.md  (text/markdown`);
    const read = await call(tool(mcp, "read_mcp_resource"), { server: "everything", uri });
    expect(read.text).toMatch(/^# Everything Server – Architecture/);
    const missing = await call(tool(mcp, "read_mcp_resource"), { server: "nope", uri });
    expect(missing.error?.code).toBe("NOT_FOUND");
  });
});

describe("mcp — servers that join or change later", () => {
  it("a slow server does not hold ready(); its tools arrive later with onToolsChanged", async () => {
    const warnings: string[] = [];
    const mcp = new McpServers({
      servers: { slow: fixture({ env: { FIXTURE_START_DELAY_MS: "5000" } }) },
      env: process.env,
      cwd,
      warn: (message) => warnings.push(message),
    });
    opened.push(mcp);
    const changed = new Promise<void>((resolve) => mcp.onToolsChanged(resolve));
    const started = Date.now();
    await mcp.ready(300);
    expect(Date.now() - started).toBeLessThan(4000);
    expect(mcp.tools()).toEqual([]);
    expect(mcp.statuses()[0]?.status).toBe("connecting");
    await changed;
    expect(mcp.tools().map((t) => t.name)).toContain("mcp__slow__echo");
    // One word about the wait (the server is named), none when it arrives.
    expect(warnings).toEqual([
      'MCP server "slow" has not answered initialize after 0.3 s; the session goes on without its tools for now (they join when it is ready; it has 30 s to start).',
    ]);
  });

  it("tools/list_changed refreshes the list", async () => {
    const { mcp } = await start({ fixture: fixture() });
    const changed = new Promise<void>((resolve) => mcp.onToolsChanged(resolve));
    await call(tool(mcp, "mcp__fixture__grow"), {});
    await changed;
    expect((await call(tool(mcp, "mcp__fixture__grown"), {})).text).toBe("I am new");
  });
});

describe("mcp — a remote server over Streamable HTTP", () => {
  it("connects to the url with the entry's headers and calls a tool", async () => {
    const portFile = path.join(cwd, `port-${Date.now()}`);
    const child = spawn(process.execPath, [FIXTURE], {
      env: { ...process.env, FIXTURE_HTTP_PORT_FILE: portFile },
      stdio: "ignore",
    });
    try {
      await waitForFile(portFile);
      const url = `http://127.0.0.1:${readFileSync(portFile, "utf8")}/mcp`;
      const { mcp, warnings } = await start(
        {
          remote: { type: "http", url, headers: { "x-fixture-token": "${TOKEN}" } },
        },
        { ...process.env, TOKEN: "t1" },
      );
      expect(warnings).toEqual([]);
      expect((await call(tool(mcp, "mcp__remote__echo"), { text: "far" })).text).toBe("echo: far");
    } finally {
      child.kill();
    }
  });

  it("a remote server that refuses the client fails with the reason", async () => {
    const portFile = path.join(cwd, `port-${Date.now()}-b`);
    const child = spawn(process.execPath, [FIXTURE], {
      env: { ...process.env, FIXTURE_HTTP_PORT_FILE: portFile },
      stdio: "ignore",
    });
    try {
      await waitForFile(portFile);
      const url = `http://127.0.0.1:${readFileSync(portFile, "utf8")}/mcp`;
      const { mcp, warnings } = await start({ remote: { type: "http", url } });
      expect(warnings[0]).toMatch(/MCP server "remote" failed to start: .*missing x-fixture-token/);
      expect(mcp.statuses()[0]?.status).toBe("failed");
    } finally {
      child.kill();
    }
  });
});

async function waitForFile(file: string): Promise<void> {
  const until = Date.now() + 5 * 60_000; // a hang guard, not a deadline
  while (!existsSync(file) || readFileSync(file, "utf8") === "") {
    if (Date.now() > until) throw new Error(`${file} never appeared`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function waitForText(file: string, text: string): Promise<void> {
  const until = Date.now() + 5 * 60_000; // a hang guard, not a deadline
  while (!existsSync(file) || readFileSync(file, "utf8") !== text) {
    if (Date.now() > until) throw new Error(`${file} never held ${JSON.stringify(text)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
