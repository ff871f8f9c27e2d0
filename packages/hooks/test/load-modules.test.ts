import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Agent } from "@gong/agent-core";
import type { ToolResultMessage } from "@gong/llm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
// agent-core's test doubles: a scripted model and an echo tool.
import {
  assistant,
  mockModel,
  testModel,
  text,
  toolCall,
} from "../../agent-core/test/helpers/mock-stream.js";
import { echoTool } from "../../agent-core/test/helpers/tools.js";
import { loadHookModules } from "../src/load-modules.js";

/** A model that calls `echo` once and then answers. */
const echoOnce = (arg: string) =>
  mockModel([assistant([toolCall("c1", "echo", { text: arg })]), assistant([text("done")])]);

function resultText(agent: Agent): string {
  const result = agent.state.messages.find((m) => m.role === "toolResult") as ToolResultMessage;
  return (result.content[0] as { text: string }).text;
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "gong-hooks-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("J.10 Hooks — 5. Registration", () => {
  it("5.1 hooks listed in settings load from .mjs and .ts modules", async () => {
    const mjs = path.join(dir, "tag.mjs");
    await writeFile(
      mjs,
      `export default { name: "mjs-hook", onToolResult: (_n, r) => ({ ...r, text: r.text + "[mjs]" }) };\n`,
    );
    const ts = path.join(dir, "tag.ts");
    await writeFile(
      ts,
      `const suffix: string = "[ts]";\nexport default () => ({ onToolResult: (_n: string, r: { text: string }) => ({ ...r, text: r.text + suffix }) });\n`,
    );
    const broken = path.join(dir, "missing.mjs");
    const loaded = await loadHookModules([mjs, ts, broken]);
    expect(loaded.hooks.map((h) => h.name)).toEqual(["mjs-hook", "tag.ts"]);
    expect(loaded.errors).toHaveLength(1);
    expect(loaded.errors[0]).toContain("missing.mjs");
    const agent = new Agent({
      model: testModel,
      streamFn: echoOnce("x").streamFn,
      tools: [echoTool()],
      hooks: loaded.hooks,
    });
    await agent.prompt("go");
    expect(resultText(agent)).toBe("x[mjs][ts]");
  });
});
