/**
 * Issue 42 item 1 through the built binary: the mock model starts `node server.js` with
 * bash run_in_background, reads its "listening" line with bash_output, calls it with
 * curl and kills it; no process is left after the session, after Ctrl+C, or after a
 * kill -9 of gong and the next open.
 */
import type { ChildProcess } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  isProcessAlive,
  type MockStep,
  type RecordedRequest,
  textResponse,
  toolCallResponse,
} from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, type Sandbox, sandbox, waitFor, writeSettings } from "./harness.js";

const mock = useMockLlmServer();

/** Answers every request with "hello from the server", after printing its port. */
const SERVER = `
const http = require("node:http");
require("node:fs").writeFileSync("server.pid", process.pid + "\\n");
const server = http.createServer((req, res) => res.end("hello from the server\\n"));
server.listen(0, "127.0.0.1", () => console.log("listening on " + server.address().port));
`;

function project(): Sandbox {
  const box = sandbox(mock.anthropicBaseUrl);
  writeFileSync(path.join(box.cwd, "server.js"), SERVER);
  return box;
}

/** The text of the newest tool result the model was sent, and its tool call's id. */
function lastToolResult(request: RecordedRequest): { id: string; text: string } | undefined {
  const messages = (request.body as { messages: { role: string; content: unknown }[] }).messages;
  const last = messages.at(-1);
  if (!last || !Array.isArray(last.content)) return undefined;
  const results = last.content.filter((part: { type?: string }) => part.type === "tool_result") as {
    tool_use_id: string;
    content: unknown;
  }[];
  const result = results.at(-1);
  return result ? { id: result.tool_use_id, text: JSON.stringify(result.content) } : undefined;
}

const call = (id: string, name: string, args: Record<string, unknown>) =>
  toolCallResponse([{ id, name, arguments: args }]);

/**
 * A model that starts the server in the background, polls bash_output until the
 * "listening on <port>" line came, curls the port, then (when `kill`) kills the shell.
 * `afterCurl` answers in place of the kill (a model that stalls, say).
 */
function serverModel(options: { kill: boolean; afterCurl?: MockStep }) {
  let polls = 0;
  return (request: RecordedRequest): MockStep => {
    const last = lastToolResult(request);
    if (!last)
      return call("toolu_start", "bash", { command: "node server.js", run_in_background: true });
    if (last.id === "toolu_start" || last.id.startsWith("toolu_poll")) {
      const port = /listening on (\d+)/.exec(last.text)?.[1];
      if (port) return call("toolu_curl", "bash", { command: `curl -s http://127.0.0.1:${port}/` });
      polls += 1;
      return call(`toolu_poll_${polls}`, "bash_output", { shell_id: "bash_1" });
    }
    if (last.id === "toolu_curl") {
      if (!options.kill) return options.afterCurl ?? textResponse("The server answers.");
      return call("toolu_kill", "kill_shell", { shell_id: "bash_1" });
    }
    return textResponse("The server answered and is stopped.");
  };
}

function results(): Map<string, string> {
  const found = new Map<string, string>();
  for (const request of mock.requests) {
    const last = lastToolResult(request);
    if (last) found.set(last.id, last.text);
  }
  return found;
}

function serverPid(box: Sandbox): number {
  return Number(readFileSync(path.join(box.cwd, "server.pid"), "utf8").trim());
}

describe("background shells — issue 42 item 1 through the built binary", () => {
  it("starts node server.js in the background, reads its listening line, curls it, kills it", async () => {
    const box = project();
    mock.setFallback(serverModel({ kill: true }));
    try {
      const run = await runGong(["-p", "start the server and call it"], box);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      expect(run.stdout).toBe("The server answered and is stopped.\n");
      const seen = results();
      expect(seen.get("toolu_start")).toContain("shell_id: bash_1");
      const polls = [...seen.keys()].filter((id) => id.startsWith("toolu_poll"));
      expect(seen.get(polls.at(-1)!)).toMatch(/listening on \d+/);
      expect(seen.get(polls.at(-1)!)).toContain("is still running");
      expect(seen.get("toolu_curl")).toContain("hello from the server");
      expect(seen.get("toolu_kill")).toContain("Killed shell bash_1 (node server.js).");
      expect(isProcessAlive(serverPid(box))).toBe(false);
    } finally {
      mock.setFallback(undefined);
    }
  });

  it("a server left running ends with the session", async () => {
    const box = project();
    mock.setFallback(serverModel({ kill: false }));
    try {
      const run = await runGong(["-p", "start the server and call it"], box);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toBe("The server answers.\n");
      await waitFor(() => !isProcessAlive(serverPid(box)));
    } finally {
      mock.setFallback(undefined);
    }
  });

  /** Runs gong until the server answered curl and the model's next answer hangs. */
  async function runUntilServed(box: Sandbox, args: string[]) {
    let child: ChildProcess | undefined;
    mock.setFallback(
      serverModel({ kill: false, afterCurl: textResponse("thinking", { stallAfterEvents: 2 }) }),
    );
    const running = runGong(args, box, { onSpawn: (c) => (child = c) });
    await waitFor(
      () => results().has("toolu_curl") && existsSync(path.join(box.cwd, "server.pid")),
    );
    mock.setFallback(undefined);
    return { child: child!, running, pid: serverPid(box) };
  }

  it("Ctrl+C (SIGINT): exit 130 and the server is gone", async () => {
    const box = project();
    const { child, running, pid } = await runUntilServed(box, ["-p", "start the server"]);
    expect(isProcessAlive(pid)).toBe(true);
    child.kill("SIGINT");
    expect((await running).code).toBe(130);
    await waitFor(() => !isProcessAlive(pid));
  });

  it("kill -9 of gong leaves the server running; the next open ends it", async () => {
    const box = project();
    const { child, running, pid } = await runUntilServed(box, ["-p", "start the server"]);
    try {
      child.kill("SIGKILL");
      expect((await running).code).toBeNull();
      expect(isProcessAlive(pid)).toBe(true);
      mock.enqueue(textResponse("Back again."));
      const resumed = await runGong(["-c", "-p", "go on"], box);
      expect(resumed.code, resumed.stderr).toBe(0);
      await waitFor(() => !isProcessAlive(pid));
    } finally {
      if (isProcessAlive(pid)) process.kill(pid, "SIGKILL");
    }
  });

  it("a shell that exits is told to the model in one line at its next turn", async () => {
    const box = project();
    let waited = 0;
    mock.setFallback((request) => {
      const last = lastToolResult(request);
      if (!last)
        return call("toolu_start", "bash", {
          command: "echo built; exit 4",
          run_in_background: true,
        });
      if (last.text.includes("Background shell bash_1")) return textResponse("The build failed.");
      waited += 1;
      return call(`toolu_wait_${waited}`, "bash", { command: "sleep 0.05" });
    });
    try {
      const run = await runGong(["-p", "build in the background"], box);
      expect(run.code, run.stderr).toBe(0);
      const told = [...results().values()].filter((text) => text.includes("Background shell"));
      expect(told).toHaveLength(1);
      expect(told[0]).toContain(
        'Background shell bash_1 (echo built; exit 4) exited with code 4; bash_output(shell_id=\\"bash_1\\") shows its last output.',
      );
    } finally {
      mock.setFallback(undefined);
    }
  });

  it("a background bash goes through the same permission rules as bash: a deny rule refuses it", async () => {
    const box = project();
    writeSettings(box.gongHome, { permissions: { deny: ["Bash(node:*)"] } });
    mock.enqueue([
      call("toolu_start", "bash", { command: "node server.js", run_in_background: true }),
      textResponse("Refused."),
    ]);
    const run = await runGong(["-p", "start the server"], box);
    expect(run.code, run.stderr).toBe(0);
    expect(results().get("toolu_start")).toContain("Bash(node:*)");
    expect(existsSync(path.join(box.cwd, "server.pid"))).toBe(false);
  });

  it("BashOutput and KillShell in a hook matcher fire for bash_output and kill_shell", async () => {
    const box = project();
    writeSettings(box.gongHome, {
      hooks: {
        PreToolUse: [
          {
            matcher: "BashOutput|KillShell",
            hooks: [{ type: "command", command: "cat >> hooked.jsonl; echo >> hooked.jsonl" }],
          },
        ],
      },
    });
    mock.setFallback(serverModel({ kill: true }));
    try {
      const run = await runGong(["-p", "start the server and call it"], box);
      expect(run.code, run.stderr).toBe(0);
      const hooked = readFileSync(path.join(box.cwd, "hooked.jsonl"), "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => (JSON.parse(line) as { tool_name: string }).tool_name);
      expect(hooked.at(-1)).toBe("KillShell");
      expect(new Set(hooked)).toEqual(new Set(["BashOutput", "KillShell"]));
    } finally {
      mock.setFallback(undefined);
    }
  });
});
