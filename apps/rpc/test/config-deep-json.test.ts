import { writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse } from "@gong/testing";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { RpcProcess } from "./harness.js";

const mock = useMockLlmServer();

describe("gong-rpc — deeply nested JSON in settings is a warning line, not a crash", () => {
  it("a key nested 5 000 levels deep: one warning naming file:line:col, prompts still run", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    const file = path.join(box.gongHome, "settings.json");
    writeFileSync(file, `{ "hooks": ${"[".repeat(5000)}${"]".repeat(5000)} }`);
    mock.enqueue(textResponse("fine"));
    const rpc = RpcProcess.start(box);
    const warning = await rpc.waitFor((l) => l.type === "warning");
    expect(warning.message).toBe(
      `${file}:1:12: "hooks" is nested more than 64 levels deep; the key was ignored`,
    );
    await rpc.request({ type: "prompt", message: "go" });
    await rpc.waitFor((l) => l.type === "run_end");
    expect(mock.requests).toHaveLength(1);
  });
});
