/**
 * gong web decides with the runtime's one policy (issue 37 "done when"): a Bash deny rule
 * refuses what runs (`bash -c "touch f"`, `echo f | xargs touch`, `t\ouch f`) without a
 * question, and `ask` mode puts a command to the page's dialog.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { chromiumAvailable, launchChromium } from "@gong/testing/chromium";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeSettings } from "../harness.js";
import { GongWeb } from "./web-harness.js";

const mock = useMockLlmServer();
const hasChromium = chromiumAvailable("gong web policy test");
let browser: Browser;
beforeAll(async () => {
  if (hasChromium) browser = await launchChromium();
});
afterAll(() => browser?.close());

async function openPage(web: GongWeb): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(web.url.href);
  await page.locator("#connection", { hasText: "live" }).waitFor();
  return page;
}

async function send(page: Page, text: string): Promise<void> {
  await page.locator("#prompt").fill(text);
  await page.locator("#prompt").press("Enter");
}

describe.skipIf(!hasChromium)("gong web — one permission policy", () => {
  it("deny Bash(touch:*) refuses bash -c, xargs and t\\ouch in ask mode, with no dialog", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { permissions: { deny: ["Bash(touch:*)"] } });
    const commands = ['bash -c "touch a"', "echo b | xargs touch", "t\\ouch c"];
    mock.enqueue([
      toolCallResponse(commands.map((command) => ({ name: "bash", arguments: { command } }))),
      textResponse("tried them all"),
    ]);
    const web = await GongWeb.start(box, ["--permission-mode", "ask"]);
    const page = await openPage(web);
    await send(page, "touch them");
    const answer = page.locator(".markdown", { hasText: "tried them all" });
    const dialog = page.locator("dialog.question[open]");
    // A question would hold the run: whichever comes first tells.
    await answer.or(dialog).first().waitFor();
    await expect(dialog.count()).resolves.toBe(0);
    for (const file of ["a", "b", "c"]) expect(existsSync(path.join(box.cwd, file))).toBe(false);
    const sent = JSON.stringify(mock.requests[1]?.body);
    expect(sent.split("bash refused by the permissions.deny rule Bash(touch:*)").length - 1).toBe(
      3,
    );
  });

  it("ask mode puts a command to the page's dialog; Deny keeps it from running", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([{ name: "bash", arguments: { command: "touch asked" } }]),
      textResponse("it was refused"),
    ]);
    const web = await GongWeb.start(box, ["--permission-mode", "ask"]);
    const page = await openPage(web);
    await send(page, "touch it");
    const dialog = page.locator("dialog.question[open]");
    await dialog.locator("text=ask mode asks before running commands").waitFor();
    await dialog.getByRole("button", { name: "Deny" }).click();
    await page.locator(".markdown", { hasText: "it was refused" }).waitFor();
    expect(existsSync(path.join(box.cwd, "asked"))).toBe(false);
    expect(JSON.stringify(mock.requests[1]?.body)).toContain("the user denied this call");
  });
});
