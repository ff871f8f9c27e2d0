import { existsSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { RpcProcess, writeJson } from "./harness.js";

const mock = useMockLlmServer();

describe('gong-rpc — with "checkpoints": false, get_checkpoints and rewind say checkpoints are off', () => {
  it("answers both with an error naming the setting, and takes no snapshot", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    writeJson(path.join(box.gongHome, "settings.json"), { checkpoints: false });
    const rpc = RpcProcess.start(box);
    mock.enqueue([
      toolCallResponse([{ name: "write", arguments: { path: "a.txt", content: "one\n" } }]),
      textResponse("wrote it"),
    ]);
    await rpc.request({ type: "prompt", message: "first" });
    await rpc.waitFor(() => rpc.ofType("run_end").length > 0);

    const listed = await rpc.request({ type: "get_checkpoints" });
    expect(listed).toMatchObject({ success: false });
    expect(String(listed.error)).toContain("Checkpoints are off");
    expect(String(listed.error)).toContain('"checkpoints": true');
    const rewind = await rpc.request({ type: "rewind", entryId: "nope", restore: "code" });
    expect(rewind).toMatchObject({ success: false });
    expect(String(rewind.error)).toContain("Checkpoints are off");
    expect(existsSync(path.join(box.gongHome, "checkpoints"))).toBe(false);
    expect(await rpc.end()).toBe(0);
  });
});
