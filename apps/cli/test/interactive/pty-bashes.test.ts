/**
 * Issue 42 item 1 in the terminal: `/bashes` lists the background shells with a live tail
 * and kills the selected one with `k`; quitting with Ctrl+C leaves no shell running.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { isProcessAlive, textResponse, toolCallResponse } from "@gong/testing";
import { KEYS } from "@gong/testing/pty";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { type Sandbox, sandbox, waitFor } from "../harness.js";
import { ask, startReady, WAIT } from "./gong-terminal.js";

const mock = useMockLlmServer();

/** Prints its port, then a numbered tick every 100 ms (a live tail has something to show). */
const SERVER = `
require("node:fs").writeFileSync("server.pid", process.pid + "\\n");
const server = require("node:http").createServer((req, res) => res.end("hi\\n"));
let ticks = 0;
server.listen(0, "127.0.0.1", () => {
  console.log("listening on " + server.address().port);
  setInterval(() => console.log("tick " + ++ticks), 100);
});
`;

function project(): Sandbox {
  const box = sandbox(mock.anthropicBaseUrl);
  writeFileSync(path.join(box.cwd, "server.js"), SERVER);
  mock.enqueue([
    toolCallResponse([
      {
        id: "toolu_bg",
        name: "bash",
        arguments: { command: "node server.js", run_in_background: true },
      },
    ]),
    textResponse("The server runs in the background."),
  ]);
  return box;
}

const serverPid = (box: Sandbox) =>
  Number(readFileSync(path.join(box.cwd, "server.pid"), "utf8").trim());

/** The highest tick the screen shows. */
const lastTick = (lines: readonly string[]) =>
  Math.max(
    0,
    ...lines.flatMap((line) => [...line.matchAll(/tick (\d+)/g)].map((m) => Number(m[1]))),
  );

describe("interactive mode — /bashes", () => {
  it("lists the shell with a live tail; k kills it and the server is gone", async () => {
    const box = project();
    const gong = await startReady(box);
    await ask(gong, "start the server", "The server runs in the background.");
    await waitFor(() => {
      try {
        return serverPid(box) > 0;
      } catch {
        return false;
      }
    });
    gong.write(`/bashes${KEYS.enter}`);
    await gong.waitForText(/bash_1 +running +node server\.js/, WAIT);
    await gong.waitForText(/│ tick \d+/, WAIT);
    // The tail moves on while the list is open.
    const seen = lastTick(gong.screen());
    await gong.waitForScreen((lines) => lastTick(lines) >= seen + 3, WAIT);
    gong.write("k");
    await gong.waitForText(
      "killed bash_1 (node server.js); the agent is told at its next turn",
      WAIT,
    );
    await waitFor(() => !isProcessAlive(serverPid(box)));
    gong.write(`/bashes${KEYS.enter}`);
    await gong.waitForText(/bash_1 +killed by you +node server\.js/, WAIT);
    gong.write(KEYS.escape);
    await gong.waitForScreen((lines) => !lines.some((l) => l.includes("Background shells")), WAIT);
    gong.write(KEYS.ctrlC);
    await gong.waitForText("Ctrl+C again quits", WAIT);
    gong.write(KEYS.ctrlC);
    expect(await gong.exit).toEqual({ code: 0 });
  });

  it("Ctrl+C twice quits and ends the shell the agent left running", async () => {
    const box = project();
    const gong = await startReady(box);
    await ask(gong, "start the server", "The server runs in the background.");
    await waitFor(() => {
      try {
        return isProcessAlive(serverPid(box));
      } catch {
        return false;
      }
    });
    const pid = serverPid(box);
    gong.write(KEYS.ctrlC);
    await gong.waitForText("Ctrl+C again quits", WAIT);
    gong.write(KEYS.ctrlC);
    expect(await gong.exit).toEqual({ code: 0 });
    await waitFor(() => !isProcessAlive(pid));
  });
});
