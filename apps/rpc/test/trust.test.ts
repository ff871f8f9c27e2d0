import { existsSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { RpcProcess, writeJson } from "./harness.js";

const mock = useMockLlmServer();

/** A project whose .gong/settings.json has a hook that blocks every bash call. */
function projectWithBlockingHook() {
  const box = gongSandbox(mock.anthropicBaseUrl);
  writeJson(path.join(box.cwd, ".gong", "settings.json"), {
    hooks: {
      PreToolUse: [
        {
          matcher: "Bash",
          hooks: [{ type: "command", command: "echo blocked-by-project >&2; exit 2" }],
        },
      ],
    },
  });
  mock.enqueue([
    toolCallResponse([{ id: "toolu_1", name: "bash", arguments: { command: "touch ran.txt" } }]),
    textResponse("done"),
  ]);
  return box;
}

describe("gong-rpc — an untrusted folder's executable configuration", () => {
  it("is skipped with a warning line unless --trust", async () => {
    const box = projectWithBlockingHook();
    const rpc = RpcProcess.start(box);
    const warning = await rpc.waitFor((l) => l.type === "warning");
    expect(warning.message).toContain("not trusted");
    await rpc.request({ type: "prompt", message: "go" });
    await rpc.waitFor((l) => l.type === "run_end");
    expect(existsSync(path.join(box.cwd, "ran.txt"))).toBe(true);
  });

  it("loads with --trust: the project's hook blocks the call", async () => {
    const box = projectWithBlockingHook();
    const rpc = RpcProcess.start(box, ["--trust"]);
    await rpc.request({ type: "prompt", message: "go" });
    const end = await rpc.waitFor((l) => l.type === "tool_execution_end");
    expect(JSON.stringify(end)).toContain("blocked-by-project");
    expect(existsSync(path.join(box.cwd, "ran.txt"))).toBe(false);
    expect(rpc.ofType("warning")).toHaveLength(0);
  });
});
