import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { textResponse, toolCallResponse } from "@gong/testing";
import { chromiumAvailable, launchChromium } from "@gong/testing/chromium";
import { KEYS, type PtySession, screenHtml } from "@gong/testing/pty";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { type Sandbox, sandbox } from "../harness.js";
import { ask, startReady, WAIT } from "./gong-terminal.js";

/**
 * The screenshots in docs/screens (shown in the root README), taken from the real gong
 * in a pty against the mock server, rendered from the emulator's cells to HTML and
 * photographed by headless Chromium. Not part of the test run:
 *   GONG_SCREENS=1 npx vitest run test/interactive/screens.test.ts   (in apps/cli)
 */

const mock = useMockLlmServer();
const SCREENS = fileURLToPath(new URL("../../../../docs/screens/", import.meta.url));
const COLS = 96;
const ROWS = 30;
/** A fixed project folder, so the footer reads the same on every run. */
const PROJECT = "/tmp/gong-screens/acme-api";

function screenBox(env: Record<string, string> = {}): Sandbox {
  rmSync(path.dirname(PROJECT), { recursive: true, force: true });
  mkdirSync(path.join(PROJECT, "src"), { recursive: true });
  return { ...sandbox(mock.anthropicBaseUrl, env), cwd: PROJECT };
}

async function photograph(gong: PtySession, name: string): Promise<void> {
  await gong.settled();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ deviceScaleFactor: 2 });
    await page.setContent(screenHtml(gong.terminal, `gong — ${name}`));
    const screen = await page.$("#screen");
    mkdirSync(SCREENS, { recursive: true });
    await screen!.screenshot({ path: path.join(SCREENS, `${name}.png`) });
  } finally {
    await browser.close();
  }
}

const GREET_BEFORE = [
  "export function greet(name: string): string {",
  '  return "Hello " + name;',
  "}",
  "",
].join("\n");

describe.runIf(process.env.GONG_SCREENS === "1" && chromiumAvailable("docs/screens"))(
  "docs/screens",
  () => {
    it("transcript-diff.png: a read, an edit shown as a diff, a test run, a Markdown answer", async () => {
      const box = screenBox();
      writeFileSync(path.join(PROJECT, "src", "greet.ts"), GREET_BEFORE);
      writeFileSync(
        path.join(PROJECT, "test.mjs"),
        'console.log("✔ greets by name (0.4ms)\\n✔ trims the name (0.1ms)\\nℹ tests 2 · pass 2 · fail 0");\n',
      );
      mock.enqueue([
        toolCallResponse([{ id: "t1", name: "read", arguments: { path: "src/greet.ts" } }], {
          text: "Let me look at the greeting first.",
        }),
        toolCallResponse([
          {
            id: "t2",
            name: "edit",
            arguments: {
              path: "src/greet.ts",
              oldText: '  return "Hello " + name;',
              newText: '  const trimmed = name.trim();\n  return "Hello, " + trimmed + "!";',
            },
          },
        ]),
        toolCallResponse([
          {
            id: "t3",
            name: "bash",
            arguments: { command: "node test.mjs" },
          },
        ]),
        textResponse(
          [
            "Done. `greet` now:",
            "",
            "- **trims** the name before using it,",
            "- ends the greeting with an exclamation mark.",
            "",
            "Both tests pass.",
          ].join("\n"),
        ),
      ]);
      // Tall enough that the prompt has not scrolled away while the tools ran.
      const gong = await startReady(box, { cols: COLS, rows: ROWS + 6 });
      await ask(
        gong,
        "greet() should trim the name and end with an exclamation mark",
        "Both tests pass.",
      );
      await photograph(gong, "transcript-diff");
    });

    it("tree.png: /tree on a session with a branch", async () => {
      const box = screenBox();
      mock.enqueue([
        textResponse("The service reads its port from `PORT` and defaults to 3000."),
        textResponse("Add a `--port` flag in `src/cli.ts`; it overrides `PORT`."),
        textResponse("Use `PORT=0` to let the OS pick a free port, then log the address."),
      ]);
      const gong = await startReady(box, { cols: COLS, rows: ROWS });
      await ask(gong, "how does the server pick its port?", "defaults to 3000");
      await ask(gong, "how do I override it from the command line?", "overrides");
      gong.write(`/tree${KEYS.enter}`);
      await gong.waitForText("Session tree", WAIT);
      gong.write(KEYS.up + KEYS.up);
      await gong.waitForText(/› +assistant: The service reads/, WAIT);
      gong.write(KEYS.enter);
      await gong.waitForText("continuing from the chosen entry", WAIT);
      await ask(gong, "and in the tests, which port should I use?", "free port");
      gong.write(`/tree${KEYS.enter}`);
      await gong.waitForText("← current", WAIT);
      await photograph(gong, "tree");
      expect(gong.screen().join("\n")).toContain("└─");
    });

    it("model-picker.png: /model with two providers' keys", async () => {
      const box = screenBox({ OPENAI_BASE_URL: mock.openaiBaseUrl, OPENAI_API_KEY: "sk-openai" });
      mock.enqueue(textResponse("Ready when you are."));
      const gong = await startReady(box, { cols: COLS, rows: ROWS });
      await ask(gong, "hi", "Ready when you are.");
      gong.write(`/model${KEYS.enter}`);
      gong.write("4");
      await gong.waitForText(/openai\/gpt-4/, WAIT);
      await photograph(gong, "model-picker");
    });
  },
);
