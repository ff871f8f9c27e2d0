import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { textResponse, toolCallResponse } from "@gong/testing";
import { chromiumAvailable, launchChromium } from "@gong/testing/chromium";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, it } from "vitest";
import { GongWeb } from "./web-harness.js";

/**
 * The screenshots of `gong web` in docs/screens (apps/cli README, "Web view"), taken
 * from the real `gong web` against the mock server in headless Chromium, in the light
 * and the dark scheme. Not part of the test run:
 *   GONG_SCREENS=1 npx vitest run test/web/web-screens.test.ts   (in apps/cli)
 */

const mock = useMockLlmServer();
const SCREENS = fileURLToPath(new URL("../../../../docs/screens/", import.meta.url));
/** A fixed project folder, so the page reads the same on every run. */
const PROJECT = "/tmp/gong-screens/acme-web";

const GREET = 'export function greet(name: string): string {\n  return "Hello " + name;\n}\n';

describe.runIf(process.env.GONG_SCREENS === "1" && chromiumAvailable("docs/screens"))(
  "docs/screens — gong web",
  () => {
    it("photographs a session with an edit, a command and an answer", async () => {
      rmSync(path.dirname(PROJECT), { recursive: true, force: true });
      mkdirSync(path.join(PROJECT, "src"), { recursive: true });
      writeFileSync(path.join(PROJECT, "src/greet.ts"), GREET);
      const box = { ...gongSandbox(mock.anthropicBaseUrl), cwd: PROJECT };
      const usage = { usage: { input: 5_200, output: 140, cacheRead: 18_400 } };
      mock.enqueue([
        toolCallResponse(
          [
            {
              name: "edit",
              arguments: {
                path: "src/greet.ts",
                oldText: '  return "Hello " + name;',
                // biome-ignore lint/suspicious/noTemplateCurlyInString: the edited source's own template literal
                newText: "  return `Hello, ${name}!`;",
              },
            },
          ],
          usage,
        ),
        toolCallResponse([{ name: "bash", arguments: { command: "cat src/greet.ts" } }], usage),
        textResponse(
          "Done: `greet` now uses a **template literal** and ends with an exclamation mark.\n\n- `src/greet.ts`: one line changed\n- no other file uses the old format",
          usage,
        ),
      ]);
      const web = await GongWeb.start(box);
      const browser = await launchChromium();
      try {
        for (const scheme of ["light", "dark"] as const) {
          const page = await browser.newPage({
            colorScheme: scheme,
            viewport: { width: 1200, height: 760 },
            deviceScaleFactor: 2,
          });
          await page.goto(web.url.href);
          await page.locator("#connection", { hasText: "live" }).waitFor();
          if (scheme === "light") {
            await page.locator("#prompt").fill("use a template literal in greet");
            await page.locator("#prompt").press("Enter");
          }
          await page.locator(".markdown", { hasText: "template literal" }).waitFor();
          await page.locator("#stop:disabled").waitFor();
          await page.locator("#prompt").fill("now add a test for it");
          mkdirSync(SCREENS, { recursive: true });
          await page.screenshot({ path: path.join(SCREENS, `web-${scheme}.png`) });
          await page.close();
        }
      } finally {
        await browser.close();
        web.kill();
      }
    });
  },
);
