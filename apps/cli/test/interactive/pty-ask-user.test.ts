import { textResponse, toolCallResponse } from "@gong/testing";
import { KEYS } from "@gong/testing/pty";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { sandbox } from "../harness.js";
import { startReady, WAIT, waitAnswerable } from "./gong-terminal.js";

const mock = useMockLlmServer();

const QUESTION = {
  question: "Tabs or spaces?",
  header: "Indent",
  options: [
    { label: "Tabs", description: "One per level" },
    { label: "Spaces", description: "Two per level" },
  ],
  multiSelect: false,
};

/** Request `index` as sent, tool results included. */
const requestText = (index: number) => JSON.stringify(mock.requests[index]?.body);

describe("interactive mode — the ask_user tool", () => {
  it("puts the question as a picker; the chosen option goes back to the model", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([
        { id: "toolu_ask", name: "ask_user", arguments: { questions: [QUESTION] } },
      ]),
      textResponse("Going with spaces."),
    ]);
    const gong = await startReady(box);
    gong.write(`format it${KEYS.enter}`);
    await waitAnswerable(gong, "Indent: Tabs or spaces?");
    await gong.waitForText(/› +Tabs +One per level/, WAIT);
    gong.write(KEYS.down);
    await gong.waitForText(/› +Spaces +Two per level/, WAIT);
    gong.write(KEYS.enter);
    await gong.waitForText("Going with spaces.", WAIT);
    expect(requestText(1)).toMatch(/Tabs or spaces\?.{0,40}Spaces/);
  });

  it("Esc leaves the question unanswered and the model is told so", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([
        { id: "toolu_ask", name: "ask_user", arguments: { questions: [QUESTION] } },
      ]),
      textResponse("I will pick for you."),
    ]);
    const gong = await startReady(box);
    gong.write(`format it${KEYS.enter}`);
    await gong.waitForText("Indent: Tabs or spaces?", WAIT);
    gong.write(KEYS.escape);
    await gong.waitForText("I will pick for you.", WAIT);
    expect(requestText(1)).toMatch(/unanswered|did not answer|no answer|not answered/i);
  });
});

describe("security — typing ahead never answers ask_user", () => {
  it("an answer typed as the picker appears picks nothing: it is the user's message", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([
        { id: "toolu_ask", name: "ask_user", arguments: { questions: [QUESTION] } },
      ]),
      textResponse("Noted."),
    ]);
    const gong = await startReady(box);
    gong.write(`format it${KEYS.enter}`);
    await gong.waitForText("Indent: Tabs or spaces?", WAIT);
    // Typed on as the picker appears: an answer's search text and Enter. They are a
    // message to the agent (a steer), not a pick.
    gong.write(`spaces${KEYS.enter}`);
    await gong.waitForText("Noted.", WAIT);
    const sent = requestText(1);
    expect(sent).not.toMatch(/Tabs or spaces\?.{0,40}Spaces/);
    expect(sent).toMatch(/"text":"spaces"/);
  });
});
