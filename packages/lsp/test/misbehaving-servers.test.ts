import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { LanguageServers } from "../src/language-servers.js";
import { createLspTool } from "../src/lsp-tool.js";
import { languageServerEntries } from "../src/server-entries.js";
import { tempProject } from "./project.js";

const FAKE = fileURLToPath(new URL("./fixtures/fake-server.mjs", import.meta.url));
const open: LanguageServers[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((servers) => servers.close()));
});

async function waitForState(servers: LanguageServers, state: string): Promise<void> {
  while (servers.status().find((s) => s.name === "fake")?.state !== state) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function fakeServers(mode: string, warnings: string[], diagnosticsWaitMs: number) {
  const cwd = tempProject({ "a.fake": "one\n" });
  const settings = {
    typescript: { disabled: true },
    fake: { command: process.execPath, args: [FAKE, mode], extensions: [".fake"] },
  };
  const servers = new LanguageServers({
    cwd,
    env: process.env,
    entries: languageServerEntries(settings, (m) => warnings.push(m)),
    configured: ["fake"],
    warn: (m) => warnings.push(m),
    diagnosticsWaitMs,
  });
  open.push(servers);
  return { servers, cwd, file: path.join(cwd, "a.fake") };
}

describe("lsp — a server that crashes is restarted once", () => {
  it("the first crash is restarted on the next use; the second is final, with one warning", async () => {
    const warnings: string[] = [];
    // The crash ends the wait, not the bound: a bound no machine reaches.
    const { servers, file } = fakeServers("crash-on-open", warnings, 600_000);
    expect(await servers.before(file)).toBeUndefined();
    expect(servers.status().find((s) => s.name === "fake")).toMatchObject({
      state: "stopped",
      error: expect.stringContaining("exited (code 3)"),
    });
    expect(warnings).toEqual([]);
    expect(await servers.before(file)).toBeUndefined();
    expect(servers.status().find((s) => s.name === "fake")?.state).toBe("failed");
    expect(warnings).toEqual([expect.stringContaining('language server "fake" exited (code 3)')]);
    expect(warnings[0]).toContain("again; not restarted");
    expect(await servers.before(file)).toBeUndefined();
    expect(warnings).toHaveLength(1);
  });
});

describe("lsp — a server that hangs never holds a call past its bound", () => {
  it("no diagnostics within the bound: the change's result says incomplete", async () => {
    const { servers, file } = fakeServers("silent", [], 300);
    servers.touch(file);
    await waitForState(servers, "running");
    const change = await servers.afterChange(file, undefined);
    expect(change).toMatchObject({ complete: false, server: "fake", diagnostics: [] });
  });

  it("a request it never answers is a TIMEOUT envelope with a next step", async () => {
    const { servers, cwd } = fakeServers("silent", [], 300);
    const tool = createLspTool({ cwd, servers, boundMs: 300 });
    const result = await tool.execute(
      { operation: "hover", path: "a.fake", line: 1, character: 1 },
      { cwd },
    );
    expect(result.status).toBe("error");
    expect(result.error?.code).toBe("TIMEOUT");
    expect(result.text).toContain("Recommended next step");
  });
});
