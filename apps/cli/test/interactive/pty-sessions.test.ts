import { readFileSync } from "node:fs";
import { textResponse } from "@gong/testing";
import { KEYS } from "@gong/testing/pty";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, sandbox, sessionFiles } from "../harness.js";
import { ask, startReady } from "./gong-terminal.js";

const mock = useMockLlmServer();

describe("interactive mode — session lifecycle", { timeout: 120_000 }, () => {
  it("a start without a message writes no session file; -c still finds the last real one (issue 22.6)", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(textResponse("first answer"));
    expect((await runGong(["-p", "the real question"], box)).code).toBe(0);
    expect(sessionFiles(box.gongHome)).toHaveLength(1);
    for (let i = 0; i < 2; i++) {
      const gong = await startReady(box);
      gong.write(KEYS.ctrlD);
      expect(await gong.exit).toEqual({ code: 0 });
    }
    expect(sessionFiles(box.gongHome)).toHaveLength(1);
    mock.enqueue(textResponse("second answer"));
    expect((await runGong(["-c", "-p", "again"], box)).code).toBe(0);
    expect(JSON.stringify(mock.requests.at(-1)!.body)).toContain("the real question");

    // Crash safety stays: once a message exists it is on disk, before the answer.
    const before = new Set(sessionFiles(box.gongHome));
    const gong = await startReady(box);
    mock.enqueue(textResponse("hello back"));
    await ask(gong, "hello from the terminal", "hello back");
    const created = sessionFiles(box.gongHome).filter((file) => !before.has(file));
    expect(created).toHaveLength(1);
    expect(readFileSync(created[0]!, "utf8")).toContain("hello from the terminal");
  });
});
