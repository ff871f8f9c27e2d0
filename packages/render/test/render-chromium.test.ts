import { writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromiumAvailable, launchChromium } from "@gong/testing/chromium";
import { describe, expect, it } from "vitest";
import { renderSessionHtml } from "../src/index.js";
import { sampleDocument } from "./export-fixture.js";
import { tempDir } from "./helpers.js";

// These run inside the page; declared here because the package compiles without the DOM lib.
declare const getComputedStyle: (element: unknown) => { backgroundColor: string };
type Measurable = { getBoundingClientRect(): { height: number } };

const hasChromium = chromiumAvailable("HTML export browser test");

describe("HTML export — rendered in headless Chromium", () => {
  it.skipIf(!hasChromium)(
    "shows the diff in color and draws the token chart, with no network request",
    async () => {
      const file = path.join(tempDir(), "session.html");
      writeFileSync(file, renderSessionHtml(sampleDocument()));
      const browser = await launchChromium();
      try {
        const page = await browser.newPage({ colorScheme: "light" });
        const requests: string[] = [];
        page.on("request", (request) => requests.push(request.url()));
        await page.goto(pathToFileURL(file).href);

        const added = page.locator(".diff-add").first();
        await expect(added.isVisible()).resolves.toBe(true);
        expect(await added.textContent()).toBe("+export function hello() {}");
        const addBg = await added.evaluate((el) => getComputedStyle(el).backgroundColor);
        const delBg = await page
          .locator(".diff-del")
          .first()
          .evaluate((el) => getComputedStyle(el).backgroundColor);
        expect(addBg).toBe("rgb(230, 255, 236)");
        expect(delBg).toBe("rgb(255, 235, 233)");

        const bars = page.locator(".token-chart rect.bar-input");
        expect(await bars.count()).toBe(2);
        const heights = await bars.evaluateAll((els) =>
          els.map((el) => (el as unknown as Measurable).getBoundingClientRect().height),
        );
        expect(heights.every((h) => h > 10)).toBe(true);
        // The second turn used more prompt tokens, so its bar is taller.
        expect(heights[1]!).toBeGreaterThan(heights[0]!);

        // Thinking starts collapsed: its text is not visible until the summary is clicked.
        const thinking = page.locator("details.thinking .text");
        expect(await thinking.isVisible()).toBe(false);
        await page.locator("details.thinking > summary").click();
        expect(await thinking.isVisible()).toBe(true);

        expect(requests.filter((url) => !url.startsWith("file:"))).toEqual([]);
      } finally {
        await browser.close();
      }
    },
  );
});
