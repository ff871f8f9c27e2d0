/**
 * The interactive mode under `--sandbox` (ARCHITECTURE §9 "Sandbox for bash"): the status
 * line shows the mode and the user's own `!cmd` runs in the same sandbox as the model's
 * bash. Needs a working bwrap (CI installs bubblewrap); skipped, saying why, elsewhere.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { bwrapUnusable } from "@gong/testing";
import { KEYS } from "@gong/testing/pty";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { sandbox } from "../harness.js";
import { startReady, WAIT, waitIdle } from "./gong-terminal.js";

const mock = useMockLlmServer();

const bwrapProblem = bwrapUnusable();
const title = bwrapProblem
  ? `interactive sandbox — skipped: bwrap is not usable here (${bwrapProblem}); CI installs bubblewrap`
  : "interactive sandbox — the status line shows the mode and !cmd follows it";

describe.skipIf(bwrapProblem !== undefined)(title, () => {
  it("--sandbox workspace-write: the footer says so and !cmd cannot write outside the project", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const outside = mkdtempSync(
      path.join(existsSync("/var/tmp") ? "/var/tmp" : "/tmp", "gong-out-"),
    );
    try {
      const gong = await startReady(box, { args: ["--sandbox", "workspace-write"] });
      expect(gong.screen().join("\n")).toContain("sandbox workspace-write · anthropic/");
      gong.write(`!echo x > ${outside}/from-user${KEYS.enter}`);
      await gong.waitForText("Read-only file system", WAIT);
      await waitIdle(gong);
      expect(existsSync(path.join(outside, "from-user"))).toBe(false);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
