import { existsSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { KEYS } from "@gong/testing/pty";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, sandbox } from "../harness.js";
import { startGong, WAIT } from "./gong-terminal.js";

const mock = useMockLlmServer();

describe("gong --rewind <entryId> — Ctrl+C or Ctrl+D at 'Rewind? [y/N]'", () => {
  it("changes nothing, says so and exits 130, without an error asking for --verbose", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([{ name: "write", arguments: { path: "a.txt", content: "one\n" } }]),
      textResponse("wrote a"),
    ]);
    expect((await runGong(["-p", "make a"], box)).code).toBe(0);
    const listed = await runGong(["--rewind", "-c", "--mode", "json"], box);
    const entryId = (JSON.parse(listed.stdout) as { checkpoints: { entryId: string }[] })
      .checkpoints[0]?.entryId;
    expect(entryId).toBeDefined();

    const gong = startGong(box, { args: ["--rewind", String(entryId), "-c"] });
    await gong.waitForText("Rewind? [y/N]", WAIT);
    gong.write(KEYS.ctrlC);
    expect(await gong.exit).toMatchObject({ code: 130 });
    // The emulator may still be parsing the last output when the process has exited.
    await gong.waitForText("Nothing changed.", WAIT);
    expect(gong.screen().join("\n")).not.toContain("--verbose");
    expect(existsSync(path.join(box.cwd, "a.txt"))).toBe(true);

    // Ctrl+D (end of input) is "no": nothing changes, exit 0.
    const eof = startGong(box, { args: ["--rewind", String(entryId), "-c"] });
    await eof.waitForText("Rewind? [y/N]", WAIT);
    eof.write("\u0004");
    expect(await eof.exit).toMatchObject({ code: 0 });
    await eof.waitForText("Nothing changed.", WAIT);
    expect(existsSync(path.join(box.cwd, "a.txt"))).toBe(true);
  });
});
