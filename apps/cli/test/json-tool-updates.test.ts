import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { jsonLines, runGong, sandbox } from "./harness.js";

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

describe("gong --mode json — tool_execution_update sends what is new, not the whole 50 KB tail each time", () => {
  it("a long bash output streams as deltas that rebuild the live tail", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([{ id: "toolu_1", name: "bash", arguments: { command: COMMAND } }]),
      textResponse("Printed."),
    ]);
    const run = await runGong(["--mode", "json", "print"], box);
    expect(run.code).toBe(0);
    const raw = run.stdout.split("\n").filter((line) => line.includes('"tool_execution_update"'));
    const updates = jsonLines(raw.join("\n"));
    expect(updates.length).toBeGreaterThanOrEqual(5);
    let held = "";
    for (const update of updates) {
      expect(update.partial).not.toHaveProperty("text");
      const delta = update.delta as Delta;
      held = held.split("\n").slice(delta.dropLines).join("\n") + delta.text;
      expect(OUTPUT.includes(held)).toBe(true);
    }
    expect(held.length).toBeGreaterThan(40_000);
    expect(raw.join("").length).toBeLessThan(2 * OUTPUT.length);
  });
});
