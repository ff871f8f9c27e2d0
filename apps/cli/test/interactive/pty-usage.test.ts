import { textResponse } from "@gong/testing";
import { KEYS } from "@gong/testing/pty";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { sandbox } from "../harness.js";
import { ask, startReady, WAIT } from "./gong-terminal.js";

const mock = useMockLlmServer();

describe("interactive mode — /usage and the context meter (issue 35.13)", {
  timeout: 180_000,
}, () => {
  it("after an answer the status line shows ctx N% and /usage shows the model's tokens, cost and context", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(
      textResponse("Counted.", { usage: { input: 46_000, output: 1_000, cacheRead: 3_000 } }),
    );
    const gong = await startReady(box, { args: ["--model", "anthropic/claude-sonnet-4-5"] });
    await ask(gong, "count something", "Counted.");
    // 46 000 + 1 000 + 3 000 of a 200 000 window.
    await gong.waitForText("ctx 25% 50K/200K", WAIT);
    gong.write(`/usage${KEYS.enter}`);
    await gong.waitForText("46,000 in · 1,000 out · 3,000 cache read · 0 cache write", WAIT);
    await gong.waitForText("anthropic/claude-sonnet-4-5 (current)", WAIT);
    await gong.waitForText("50,000 of 200,000 tokens (25%) as of the last answer", WAIT);
    await gong.waitForText(/cost +\$\d+\.\d{4} \(1 answer\)/, WAIT);
    // /usage reads the session's totals: it asks no model.
    expect(mock.requests).toHaveLength(1);
  });
});
