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

describe("interactive mode — Shift+Tab cycles the permission modes", () => {
  it("auto → plan → ask: the status line names the mode, and ask mode puts a write to the user", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([{ name: "write", arguments: { path: "a.txt", content: "x" } }]),
      textResponse("Wrote it."),
    ]);
    const gong = await startReady(box);
    // auto, the CLI's default, is not named on the status line.
    expect(footer(gong.screen())).not.toContain(" mode ·");
    gong.write(SHIFT_TAB);
    await gong.waitForScreen((lines) => footer(lines).includes("plan mode"), WAIT);
    gong.write(SHIFT_TAB);
    await gong.waitForScreen((lines) => footer(lines).includes("ask mode"), WAIT);
    gong.write(`write it${KEYS.enter}`);
    await waitAnswerable(gong, /Allow write/);
    expect(gong.screen().join("\n")).toContain("ask mode asks before changing files");
    gong.write(`y${KEYS.enter}`);
    await gong.waitForText("Wrote it.", WAIT);
    await waitIdle(gong);
  });
});
