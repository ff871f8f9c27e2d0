// `gong web` in headless Chromium (Debian's /usr/bin/chromium): how fast the page takes a
// stream of deltas, its memory after a long session, its weight and its first paint.
// Gong only (pi has no web face): the rows have no pi column.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { startMockLlmServer, textResponse, toolCallResponse } from "@gong/testing";
import { chromiumAvailable, launchChromium } from "@gong/testing/chromium";
import { createAgent, runAgent } from "./agents.mjs";
import { attempt } from "./attempt.mjs";
import { growSession, sessionFileIn } from "./sessions.mjs";
import { summarize } from "./stats.mjs";

const DELTAS = 20_000;
const MESSAGES = 2_000;

/** `plan`: { reps }. Returns the rows of the `web` section. */
export async function benchWeb(plan, log) {
  if (!chromiumAvailable("web rows"))
    throw new Error("/usr/bin/chromium is missing (apt-get install -y chromium)");
  const root = mkdtempSync(path.join(tmpdir(), "gong-bench-web-"));
  const mock = await startMockLlmServer();
  const agent = createAgent("gong", root, mock, {});
  const browser = await launchChromium();
  const rows = [];
  const measure = (name, fn) => {
    log(`  ${name}`);
    return attempt(rows, "web", name, fn, log);
  };
  const row = (name, unit, values, note) =>
    rows.push({ section: "web", name, unit, gong: summarize(values), note });
  try {
    await measure("web: page weight", async () => {
      const web = await startWeb(agent, project(root, "weight"), []);
      try {
        const cookie = await login(web);
        let bytes = 0;
        for (const file of ["/", "/app.js", "/app.css"])
          bytes += await gzippedSize(web, file, cookie);
        row("web: page weight, gzipped", "KiB", [bytes / 1024], "goal < 150 KiB");
      } finally {
        await web.stop();
      }
    });
    await measure("web: first paint", async () => {
      const web = await startWeb(agent, project(root, "paint"), []);
      try {
        const times = [];
        for (let i = 0; i < plan.reps; i++) {
          const page = await browser.newPage();
          await page.goto(web.url);
          await page.locator("#connection", { hasText: "live" }).waitFor();
          times.push(
            await page.evaluate(
              () =>
                performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
            ),
          );
          await page.close();
        }
        row("web: first contentful paint, localhost", undefined, times, "goal < 300 ms");
      } finally {
        await web.stop();
      }
    });
    await measure(`web: ${DELTAS} deltas`, async () => {
      const web = await startWeb(agent, project(root, "deltas"), []);
      try {
        const rates = [];
        for (let i = 0; i < plan.reps; i++) rates.push(await deltaRate(browser, web, mock));
        row(
          `web: ${DELTAS.toLocaleString("en-US")} deltas to the page`,
          "k events/s",
          rates,
          "until all text is on the page",
        );
      } finally {
        await web.stop();
      }
    });
    await measure(`web: ${MESSAGES} messages`, async () => {
      const cwd = project(root, "long");
      const sessions = path.join(root, "long-sessions");
      mock.enqueue([
        toolCallResponse([{ name: "bash", arguments: { command: "echo one line of output" } }]),
        textResponse("An answer with **Markdown**, `code` and a list:\n\n- one\n- two\n"),
      ]);
      await runAgent(agent, agent.args(["-p", "--session-dir", sessions, "start"]), { cwd });
      const file = sessionFileIn(sessions);
      growSession(file, file, MESSAGES);
      const web = await startWeb(agent, cwd, ["--session", file]);
      try {
        const page = await browser.newPage();
        await page.goto(web.url);
        await page.locator("#connection", { hasText: "live" }).waitFor();
        await page.waitForFunction(
          (n) => document.querySelectorAll(".entry").length >= n,
          MESSAGES,
        );
        const cdp = await page.context().newCDPSession(page);
        await cdp.send("HeapProfiler.collectGarbage");
        await cdp.send("Performance.enable");
        const { metrics } = await cdp.send("Performance.getMetrics");
        const heap = metrics.find((metric) => metric.name === "JSHeapUsedSize").value;
        const nodes = metrics.find((metric) => metric.name === "Nodes").value;
        row(
          `web: page JS heap, ${MESSAGES} messages`,
          "MiB",
          [heap / 2 ** 20],
          `${nodes} DOM nodes`,
        );
        await page.close();
      } finally {
        await web.stop();
      }
    });
  } finally {
    await browser.close();
    await mock.close();
    rmSync(root, { recursive: true, force: true });
  }
  return rows;
}

/** One answer of DELTAS text deltas, sent as fast as the mock can; k events/s to the page. */
async function deltaRate(browser, web, mock) {
  const text = "abcd".repeat(DELTAS);
  mock.enqueue([textResponse(text, { chunkSize: 4 })]);
  const page = await browser.newPage();
  try {
    await page.goto(web.url);
    await page.locator("#connection", { hasText: "live" }).waitFor();
    const started = Date.now();
    await page.locator("#prompt").fill("stream");
    await page.locator("#prompt").press("Enter");
    await page.waitForFunction(
      (length) =>
        [...document.querySelectorAll(".markdown")].some(
          (el) => el.textContent.trim().length >= length,
        ),
      text.length,
      { timeout: 120_000 },
    );
    const seconds = (Date.now() - started) / 1000;
    await page.locator("#stop:disabled").waitFor();
    return DELTAS / seconds / 1000;
  } finally {
    await page.close();
  }
}

function project(root, name) {
  const dir = path.join(root, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** `gong web` in `cwd`; resolves { url, port, host, stop() } once it printed its URL. */
function startWeb(agent, cwd, extra) {
  const child = spawn(process.execPath, [agent.bin, "web", ...agent.args(extra)], {
    cwd,
    env: agent.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`gong web printed no URL: ${output}`)), 20_000);
    const onData = (chunk) => {
      output += chunk;
      const match = /gong web: (http:\/\/\S+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      const url = new URL(match[1]);
      resolve({
        url: url.href,
        port: url.port,
        host: url.host,
        token: url.searchParams.get("token"),
        stop: () =>
          new Promise((done) => {
            child.once("close", done);
            child.kill("SIGTERM");
          }),
      });
    };
    child.stdout.setEncoding("utf8").on("data", onData);
    child.stderr.setEncoding("utf8").on("data", (chunk) => {
      output += chunk;
    });
    child.on("close", (code) => reject(new Error(`gong web exited ${code}: ${output}`)));
  });
}

function get(web, file, headers) {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port: web.port, path: file, headers: { host: web.host, ...headers } },
      (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => resolve({ response, body: Buffer.concat(chunks) }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

async function login(web) {
  const { response } = await get(web, `/?token=${web.token}`, {});
  return String(response.headers["set-cookie"]).split(";")[0];
}

async function gzippedSize(web, file, cookie) {
  const { response, body } = await get(web, file, { cookie, "accept-encoding": "gzip" });
  if (response.headers["content-encoding"] !== "gzip") throw new Error(`${file} was not gzipped`);
  return body.length;
}
