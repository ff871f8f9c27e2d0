import { readFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { KEYS } from "@gong/testing/pty";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, sandbox } from "../harness.js";
import { startReady, WAIT } from "./gong-terminal.js";

const mock = useMockLlmServer();

describe("interactive mode — /rewind", () => {
  it("picks a prompt, then code and conversation; the file goes back and the prompt returns to the editor", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([{ name: "write", arguments: { path: "a.txt", content: "one\n" } }]),
      textResponse("wrote a"),
      toolCallResponse([{ name: "write", arguments: { path: "a.txt", content: "two\n" } }]),
      textResponse("rewrote a"),
    ]);
    expect((await runGong(["-p", "make a"], box)).code).toBe(0);
    expect((await runGong(["-c", "-p", "change a"], box)).code).toBe(0);

    const gong = await startReady(box, { args: ["-c"] });
    gong.write(`/rewind${KEYS.enter}`);
    await gong.waitForText("Rewind to before which prompt?", WAIT);
    // The newest prompt is preselected.
    gong.write(KEYS.enter);
    await gong.waitForText("Restore what?", WAIT);
    gong.write(KEYS.enter);
    await gong.waitForText("restore  a.txt  +1 -1", WAIT);
    await gong.waitForText("Rewind?", WAIT);
    gong.write(KEYS.enter);
    await gong.waitForText("rewound: 1 file put back", WAIT);
    expect(readFileSync(path.join(box.cwd, "a.txt"), "utf8")).toBe("one\n");
    await gong.waitForScreen(
      (lines) =>
        lines.some((line) => line.includes("change a")) &&
        !lines.some((line) => line.includes("rewrote a")),
      WAIT,
    );
  });
});
