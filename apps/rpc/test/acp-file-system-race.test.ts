import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { startSwapLoop, swapRaceUnavailable } from "@gong/testing/swap-race";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { promptInNewSession } from "./acp-client.js";

const mock = useMockLlmServer();
const unavailable = swapRaceUnavailable();

// Issue 21.4: under a loop exchanging `d` and `dswap -> outside`, gong asked the editor
// for d/victim.txt by a name the swap redirects: 5/200 reads returned the outside file
// and writes overwrote it. The editor resolves the name itself, after gong's check; gong
// now watches the folders on the way around each request (fs/held-folder.ts): a read
// whose folder changed is dropped, a write whose folder does not hold still is refused
// before the editor is asked. (held-folder.ts says what gong cannot close on its side.)
describe.skipIf(unavailable)(
  `security — a folder swapped for a symlink escapes through the ACP client's file system${unavailable ? ` (skipped: ${unavailable})` : ""}`,
  () => {
    it("200 reads and 100 writes of d/victim.txt through the editor leak nothing and change nothing outside", async () => {
      const box = gongSandbox(mock.anthropicBaseUrl);
      const outside = realpathSync(mkdtempSync(path.join(os.tmpdir(), "gong-acp-outside-")));
      try {
        writeFileSync(path.join(outside, "victim.txt"), "OUTSIDE-SECRET\n");
        mkdirSync(path.join(box.cwd, "d"));
        writeFileSync(path.join(box.cwd, "d", "victim.txt"), "inside\n");
        symlinkSync(outside, path.join(box.cwd, "dswap"));
        const reads = (turn: number) =>
          Array.from({ length: 100 }, (_, i) => ({
            id: `toolu_r${turn}_${i}`,
            name: "read",
            arguments: { path: "d/victim.txt" },
          }));
        mock.enqueue([
          toolCallResponse(reads(1)),
          toolCallResponse(reads(2)),
          textResponse("done"),
        ]);
        const loop = await startSwapLoop(path.join(box.cwd, "d"), path.join(box.cwd, "dswap"));
        let run: Awaited<ReturnType<typeof promptInNewSession>>;
        try {
          run = await promptInNewSession(box, "go", {
            clientCapabilities: { fs: { readTextFile: true, writeTextFile: true } },
            disk: true,
          });
        } finally {
          await loop.stop();
        }
        const sentToModel = JSON.stringify(mock.requests.map((request) => request.body));
        const leakedReads = sentToModel.split("OUTSIDE-SECRET").length - 1;
        expect({
          leakedReads,
          outside: readdirSync(outside),
          victim: readFileSync(path.join(outside, "victim.txt"), "utf8"),
        }).toEqual({ leakedReads: 0, outside: ["victim.txt"], victim: "OUTSIDE-SECRET\n" });
        // The editor was asked (the race was run, not skipped by a refusal of everything).
        expect(run.result.reads.length).toBeGreaterThan(0);
      } finally {
        rmSync(outside, { recursive: true, force: true });
      }
    });
  },
);
