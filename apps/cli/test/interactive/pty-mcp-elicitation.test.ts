import path from "node:path";
import { fileURLToPath } from "node:url";
import { textResponse, toolCallResponse } from "@gong/testing";
import { KEYS, type PtySession } from "@gong/testing/pty";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { sandbox, writeJson } from "../harness.js";
import { startReady, WAIT, waitAnswerable } from "./gong-terminal.js";

const mock = useMockLlmServer();

/** The picker gave way to the line where the user types the answer, and it takes keys. */
function waitOwnWords(gong: PtySession): Promise<void> {
  return gong.waitForScreen(
    (lines) =>
      !lines.some((line) => line.includes("answer in my own words")) &&
      lines.some((line) => line.startsWith(">")) &&
      !lines.some((line) => line.includes("keys typed now go to your prompt")),
    WAIT,
  );
}

const FIXTURE = fileURLToPath(
  new URL("../../../../packages/mcp/test/fixtures/fixture-server.mjs", import.meta.url),
);

describe("interactive mode — an MCP server's elicitation is a dialog", () => {
  it("each field is asked; the typed answers reach the server typed by its form", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeJson(path.join(box.gongHome, "settings.json"), {
      mcpServers: { fixture: { command: process.execPath, args: [FIXTURE] } },
    });
    mock.enqueue([
      toolCallResponse([{ id: "toolu_1", name: "mcp__fixture__ask", arguments: {} }]),
      textResponse("Thanks, Ada."),
    ]);
    const gong = await startReady(box);
    gong.write(`ask me${KEYS.enter}`);
    for (const [field, answer] of [
      ["Name", "Ada"],
      ["Count", "7"],
    ]) {
      await waitAnswerable(gong, `${field}: MCP server "fixture" asks: Who is asking?`);
      gong.write(KEYS.enter); // the picker's only item: "answer in my own words"
      await waitOwnWords(gong);
      gong.write(`${answer}${KEYS.enter}`);
    }
    await gong.waitForText("Thanks, Ada.", WAIT);
    expect(JSON.stringify(mock.requests[1]?.body)).toContain(
      'accept {\\"name\\":\\"Ada\\",\\"count\\":7}',
    );
  });
});
