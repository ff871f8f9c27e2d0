/**
 * A command that needs the network, under a sandbox without one (issue 35.3): its result
 * says the sandbox has no network and what the user can do, as a refused write does; and
 * package managers fail at once instead of retrying a lookup that cannot succeed.
 * Needs a working bwrap (as sandbox-bash.test.ts); skipped, saying why, without one.
 */
import { spawnSync } from "node:child_process";
import { bwrapUnusable, textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { jsonLines, runGong, type Sandbox, sandbox, writeSettings } from "./harness.js";

const mock = useMockLlmServer();

const bwrapProblem = bwrapUnusable();
const title = bwrapProblem
  ? `sandbox network — skipped: bwrap is not usable here (${bwrapProblem})`
  : "sandbox network — a failure for want of a network is explained";

interface BashResult {
  status: string;
  text: string;
}

/** One bash call in json mode under the user's sandbox settings; its result. */
async function bashOnce(box: Sandbox, command: string, timeoutMs?: number): Promise<BashResult> {
  mock.enqueue([
    toolCallResponse([{ id: "toolu_net", name: "bash", arguments: { command } }]),
    textResponse("done"),
  ]);
  const run = await runGong(["--mode", "json", "-p", "fetch it"], box, {
    ...(timeoutMs ? { timeoutMs } : {}),
  });
  expect(run.code).toBe(0);
  const end = jsonLines(run.stdout).find((line) => line.type === "tool_execution_end");
  return (end as unknown as { result: BashResult }).result;
}

const NO_NETWORK = "the sandbox has no network (sandbox.network is false)";
const NEXT = 'set "sandbox": {"network": true} in ~/.gong/settings.json';

describe.skipIf(bwrapProblem !== undefined)(title, () => {
  it("network false: a real lookup fails and the result says the sandbox has no network, with the next step", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { sandbox: { mode: "workspace-write", network: false } });
    const lookup = `require("https").get("https://registry.npmjs.org/").on("error", (e) => { console.error(e.message); process.exit(1); })`;
    const result = await bashOnce(box, `"${process.execPath}" -e '${lookup}'`);
    expect(result.status).toBe("error");
    expect(result.text).toMatch(/EAI_AGAIN|ENOTFOUND|ENETUNREACH/);
    expect(result.text).toContain(NO_NETWORK);
    expect(result.text).toContain(NEXT);
  });

  it.each([
    "curl: (6) Could not resolve host: example.com",
    "fatal: unable to access 'https://github.com/a/b/': Could not resolve host: github.com",
    "wget: unable to resolve host address 'example.com'",
    "urlopen error [Errno -3] Temporary failure in name resolution",
    "npm error request to https://registry.npmjs.org/x failed, reason: getaddrinfo ENOTFOUND registry.npmjs.org",
    "connect ENETUNREACH 104.16.0.35:443",
  ])("network false: %s → explained", async (message) => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { sandbox: { mode: "workspace-write", network: false } });
    const result = await bashOnce(box, `echo "${message}" >&2; exit 6`);
    expect(result.text).toContain(NO_NETWORK);
  });

  it("network true: the same message is the command's own failure, not the sandbox's", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { sandbox: { mode: "workspace-write", network: true } });
    const result = await bashOnce(box, `echo "curl: (6) Could not resolve host: x" >&2; exit 6`);
    expect(result.status).toBe("error");
    expect(result.text).not.toContain("sandbox");
  });

  it.skipIf(spawnSync("npm", ["--version"]).status !== 0)(
    "network false: npm fails at once, without retrying the lookup (it retried for 70 s)",
    async () => {
      const box = sandbox(mock.anthropicBaseUrl);
      writeSettings(box.gongHome, { sandbox: { mode: "workspace-write", network: false } });
      // Before the fix npm retried each failed lookup with a 10 s and a 60 s backoff:
      // "attempt 2 failed" in its http log. Minutes here only end a hung run.
      const result = await bashOnce(
        box,
        "npm view left-pad version --loglevel=http --no-update-notifier",
        5 * 60_000,
      );
      expect(result.text).toContain("attempt 1 failed");
      expect(result.text).not.toContain("attempt 2");
      expect(result.text).toContain(NO_NETWORK);
    },
    6 * 60_000,
  );
});
