import { textResponse, toolCallResponse } from "@gong/testing";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { RpcProcess } from "./harness.js";

const mock = useMockLlmServer();

/** 100 numbered lines of about 1 KB, printed over ~3 s: the 50 KB tail slides. */
const COMMAND = "for i in $(seq 1 100); do printf 'line %03d %01000d\\n' $i 0; sleep 0.03; done";
const OUTPUT = Array.from(
  { length: 100 },
  (_, i) => `line ${String(i + 1).padStart(3, "0")} ${"0".repeat(1000)}\n`,
).join("");

interface Delta {
  dropLines: number;
  text: string;
}

/** docs/rpc.md's rule: drop that many lines from the front of what you hold, append the text. */
function rebuild(held: string, delta: Delta): string {
  return held.split("\n").slice(delta.dropLines).join("\n") + delta.text;
}

describe("gong-rpc — tool_execution_update sends what is new, not the whole 50 KB tail each time", () => {
  it("a long bash output streams as deltas a client rebuilds into the live tail", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([{ id: "toolu_1", name: "bash", arguments: { command: COMMAND } }]),
      textResponse("Printed."),
    ]);
    const rpc = RpcProcess.start(box);
    await rpc.request({ type: "prompt", message: "print" });
    await rpc.waitFor((line) => line.type === "run_end");
    const updates = rpc.lines.filter((line) => line.type === "tool_execution_update");
    const raw = rpc.rawLines.filter((line) => line.includes('"type":"tool_execution_update"'));
    expect(updates.length).toBeGreaterThanOrEqual(5);
    let held = "";
    for (const update of updates) {
      expect(update).toMatchObject({ toolCallId: "toolu_1", toolName: "bash" });
      expect(update.partial).toMatchObject({ status: "partial" });
      expect(update.partial).not.toHaveProperty("text");
      held = rebuild(held, update.delta as Delta);
      // Always a stretch of the real output, at most the 50 KB tail.
      expect(OUTPUT.includes(held)).toBe(true);
      expect(Buffer.byteLength(held)).toBeLessThanOrEqual(50 * 1024);
    }
    expect(held.length).toBeGreaterThan(40_000);
    // Each byte of output travels about once, not once per update.
    const sent = raw.reduce((sum, line) => sum + line.length, 0);
    expect(sent).toBeLessThan(2 * OUTPUT.length);
    expect(await rpc.end()).toBe(0);
  });
});
