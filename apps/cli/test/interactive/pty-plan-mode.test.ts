import { textResponse, toolCallResponse } from "@gong/testing";
import { KEYS } from "@gong/testing/pty";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { sandbox } from "../harness.js";
import { startReady, WAIT, waitAnswerable, waitIdle } from "./gong-terminal.js";

const mock = useMockLlmServer();

/** What a terminal sends for Shift+Tab (back-tab). */
const SHIFT_TAB = "\x1b[Z";

const offered = (index: number) =>
  ((mock.requests[index]?.body as { tools?: { name: string }[] } | undefined)?.tools ?? []).map(
    (t) => t.name,
  );

/** The status line: the last line drawn. */
const footer = (lines: readonly string[]) =>
  lines.filter((line) => line.trim() !== "").at(-1) ?? "";

describe("interactive mode — Shift+Tab enters plan mode, approving the plan leaves it", () => {
  it("the status line shows plan mode; the plan is shown and y approves it", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([
        { name: "exit_plan_mode", arguments: { plan: "## Steps\n\n1. plan-step-marker" } },
      ]),
      textResponse("Carrying it out."),
    ]);
    const gong = await startReady(box);
    gong.write(SHIFT_TAB);
    await gong.waitForScreen((lines) => footer(lines).includes("plan mode"), WAIT);
    // As the README says: after the folder (which gives way on a narrow terminal), first
    // of the rest.
    expect(footer(gong.screen())).toMatch(/^\S+ · plan mode · anthropic\//);
    gong.write(`plan it${KEYS.enter}`);
    await waitAnswerable(gong, "Approve this plan");
    expect(gong.screen().join("\n")).toContain("plan-step-marker");
    gong.write(`y${KEYS.enter}`);
    await gong.waitForText("Carrying it out.", WAIT);
    await waitIdle(gong);
    await gong.waitForScreen((lines) => !footer(lines).includes("plan mode"), WAIT);
    expect(offered(0)).not.toContain("bash");
    expect(offered(1)).toContain("bash");
  });
});
