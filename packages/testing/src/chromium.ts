import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

/** Debian's chromium, which CI installs; the browser tests skip (with a warning) without it. */
export const CHROMIUM_PATH = "/usr/bin/chromium";

/** Whether the browser tests can run here; warns once per caller when they cannot. */
export function chromiumAvailable(what: string): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  console.warn(`${what} skipped: ${CHROMIUM_PATH} is missing (apt-get install -y chromium)`);
  return false;
}

/** Headless Chromium with everything that could reach the network switched off. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}
