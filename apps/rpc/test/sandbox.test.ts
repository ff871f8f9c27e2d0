/**
 * gong-rpc under `--sandbox` (ARCHITECTURE §9 "Sandbox for bash"): `get_state` shows the
 * mode and the client's own `bash` runs in the same sandbox as the model's. Needs a
 * working bwrap (CI installs bubblewrap); skipped, saying why, where there is none.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { bwrapUnusable, textResponse, toolCallResponse } from "@gong/testing";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { promptInNewSession } from "./acp-client.js";
import { RpcProcess } from "./harness.js";

const mock = useMockLlmServer();

const bwrapProblem = bwrapUnusable();
const title = bwrapProblem
  ? `gong-rpc sandbox — skipped: bwrap is not usable here (${bwrapProblem}); CI installs bubblewrap`
  : "gong-rpc sandbox — get_state shows the mode and the client's bash follows it";

describe.skipIf(bwrapProblem !== undefined)(title, () => {
  it("--sandbox read-only: get_state says so and the client's bash cannot write in the project", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    const rpc = RpcProcess.start(box, ["--sandbox", "read-only"]);
    const state = await rpc.request({ type: "get_state" });
    expect(state).toMatchObject({
      success: true,
      data: { sandbox: { mode: "read-only", network: false } },
    });
    const ran = await rpc.request({ type: "bash", command: "echo x > written.txt" });
    expect(ran).toMatchObject({ success: true });
    expect(JSON.stringify(ran.data)).toContain("the sandbox (read-only) refused a write");
    expect(existsSync(path.join(box.cwd, "written.txt"))).toBe(false);
    expect(await rpc.end()).toBe(0);
  });

  it("ACP with the editor's terminal: the terminal runs bwrap, and a write in the project is refused under read-only", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    mkdirSync(box.gongHome, { recursive: true });
    writeFileSync(
      path.join(box.gongHome, "settings.json"),
      JSON.stringify({ sandbox: { mode: "read-only" } }),
    );
    mock.enqueue([
      toolCallResponse([
        { id: "toolu_w", name: "bash", arguments: { command: "echo x > acp.txt" } },
      ]),
      textResponse("Tried."),
    ]);
    const { result, code } = await promptInNewSession(box, "write it", {
      clientCapabilities: { terminal: true },
    });
    expect(code).toBe(0);
    const create = result.terminal.find((call) => call.method === "create")?.create;
    // Without the network, /bin/sh opens the unix-socket filter and becomes bwrap
    // (packages/tools/src/sandbox/sandbox-argv.ts).
    expect(create?.command).toBe("/bin/sh");
    expect(path.basename(create?.args?.[4] ?? "")).toBe("bwrap");
    expect(create?.args).toContain("--seccomp");
    expect(create?.args?.slice(-3, -1)).toEqual(["bash", "-c"]);
    expect(existsSync(path.join(box.cwd, "acp.txt"))).toBe(false);
    expect(JSON.stringify(mock.requests[1]?.body)).toContain(
      "the sandbox (read-only) refused a write",
    );
  });
});
