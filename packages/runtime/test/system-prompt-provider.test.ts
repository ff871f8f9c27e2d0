import path from "node:path";
import { textResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { openSession, sessionSandbox, writeFile } from "./helpers.js";

const mock = useMockLlmServer();

describe("runtime — one system prompt provider, asked at the start of each run and before each call", () => {
  it("an onBeforeAgent hook is given the base prompt with the context file as it is at the prompt, not as the last call saw it", async () => {
    const where = { ...sessionSandbox(mock.anthropicBaseUrl), session: { kind: "none" as const } };
    const agentsMd = path.join(where.cwd, "AGENTS.md");
    writeFile(agentsMd, "rule-one");
    const seen: string[] = [];
    const session = await openSession({
      ...where,
      hooks: [
        {
          onBeforeAgent: (_prompt, systemPrompt) => {
            seen.push(systemPrompt.includes("rule-two") ? "rule-two" : "rule-one");
            return { systemPrompt: `${systemPrompt}\n+hook` };
          },
        },
      ],
    });
    mock.enqueue([textResponse("one"), textResponse("two")]);
    await session.prompt("first");
    writeFile(agentsMd, "rule-two");
    await session.prompt("second");
    await session.close();
    expect(seen).toEqual(["rule-one", "rule-two"]);
    const system = JSON.stringify((mock.requests[1]!.body as { system: unknown }).system);
    expect(system).toContain("rule-two");
    expect(system).toContain("+hook");
  });
});
