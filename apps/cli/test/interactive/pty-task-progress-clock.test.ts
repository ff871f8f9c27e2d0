import { textResponse, toolCallResponse } from "@gong/testing";
import { KEYS } from "@gong/testing/pty";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, it } from "vitest";
import { sandbox } from "../harness.js";
import { startReady, WAIT } from "./gong-terminal.js";

const mock = useMockLlmServer();

describe("task — a subagent waiting on its model shows its time moving, not a frozen 0s", () => {
  it("the progress line's seconds count up during one long model call", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([
        {
          name: "task",
          arguments: { description: "look", prompt: "look around", subagent_type: "explore" },
        },
      ]),
      // The subagent's one answer streams for several seconds (about 30 events, 120 ms apart).
      textResponse("found ".repeat(24), { chunkSize: 6, eventDelayMs: 120 }),
      textResponse("done"),
    ]);
    const gong = await startReady(box);
    gong.write(`explore it${KEYS.enter}`);
    await gong.waitForText(/explore: thinking · 0 tool calls · 0 tokens · ([2-9]|\d{2,})s/, WAIT);
    await gong.waitForText("done", WAIT);
  });
});
