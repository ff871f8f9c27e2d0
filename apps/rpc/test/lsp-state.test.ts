/** RPC `get_state.lsp`: the session's language servers, before and after one starts. */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isProcessAlive, textResponse, toolCallResponse } from "@gong/testing";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { type Line, RpcProcess } from "./harness.js";

const mock = useMockLlmServer();

/**
 * typescript-language-server, a dev dependency of @gong/lsp: not of this app, whose tests
 * would then all find it on PATH (pnpm puts node_modules/.bin there) and start it.
 */
const DEV_BIN = fileURLToPath(new URL("../../../packages/lsp/node_modules/.bin", import.meta.url));

interface LspRow {
  name: string;
  state: string;
  root?: string;
  pid?: number;
}

async function lspRows(rpc: RpcProcess): Promise<LspRow[]> {
  const state = (await rpc.request({ type: "get_state" })) as Line & { data: { lsp: LspRow[] } };
  return state.data.lsp;
}

describe("gong-rpc — get_state.lsp", () => {
  it("lists the servers; a read of a .ts file starts typescript's, which ends with the session", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    box.env.PATH = `${DEV_BIN}${path.delimiter}${box.env.PATH ?? ""}`;
    mkdirSync(path.join(box.cwd, "src"));
    writeFileSync(path.join(box.cwd, "tsconfig.json"), "{}");
    writeFileSync(path.join(box.cwd, "src/a.ts"), "export const a = 1;\n");
    const rpc = RpcProcess.start(box);
    const before = await lspRows(rpc);
    expect(before.find((row) => row.name === "typescript")).toMatchObject({ state: "stopped" });
    expect(before.map((row) => row.name)).toEqual(["typescript", "python", "go", "rust"]);

    mock.enqueue([
      toolCallResponse([{ name: "read", arguments: { path: "src/a.ts" } }]),
      textResponse("read"),
    ]);
    await rpc.request({ type: "prompt", message: "read a.ts" });
    await rpc.waitFor((line) => line.type === "agent_end");
    // The read starts the server without waiting for it: poll until it runs (the hang guard ends a test that never sees it).
    let running: LspRow | undefined;
    for (;;) {
      running = (await lspRows(rpc)).find(
        (row) => row.name === "typescript" && row.state === "running",
      );
      if (running) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(running.root).toBe(box.cwd);
    expect(await rpc.end()).toBe(0);
    expect(isProcessAlive(running.pid as number)).toBe(false);
  });
});
