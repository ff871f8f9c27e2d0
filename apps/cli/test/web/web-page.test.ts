import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  type RecordedRequest,
  textResponse,
  thinkingResponse,
  toolCallResponse,
} from "@gong/testing";
import { chromiumAvailable, launchChromium } from "@gong/testing/chromium";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionFiles, waitFor, writeSettings } from "../harness.js";
import { GongWeb } from "./web-harness.js";

// These run inside the page; declared here because the package compiles without the DOM lib.
declare const document: {
  querySelector(selector: string): unknown;
  querySelectorAll(selector: string): Iterable<{ textContent: string | null }>;
  activeElement: { textContent: string | null } | null;
};
declare const getComputedStyle: (element: unknown) => { backgroundColor: string };

const mock = useMockLlmServer();
const hasChromium = chromiumAvailable("gong web browser test");
/** One browser for the file; each test opens its own pages. */
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

/** Processes whose command line contains `marker` (a sleep with a unique duration). */
function processesRunning(marker: string): string[] {
  try {
    return execFileSync("pgrep", ["-f", marker], { encoding: "utf8" }).trim().split("\n");
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

/** The tool names the model was offered in `request`. */
const offered = (request: RecordedRequest | undefined) =>
  ((request?.body as { tools?: { name: string }[] } | undefined)?.tools ?? []).map((t) => t.name);

/** A subagent's request: its first user message is the task's prompt. */
const isSubagent = (request: RecordedRequest) =>
  JSON.stringify((request.body as { messages: unknown[] }).messages[0]).includes("SUBTASK");

const ANSWER =
  "All **done**: the greeting now says goodbye, and the check printed both of its lines. Nothing else in the project needed a change.";

describe.skipIf(!hasChromium)("gong web — the session live in a browser", () => {
  it("shows a streamed answer, an edit's diff in colour and a bash block's output while it runs", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    writeFileSync(path.join(box.cwd, "greet.txt"), "hello\n");
    mock.enqueue([
      toolCallResponse([
        { name: "edit", arguments: { path: "greet.txt", oldText: "hello", newText: "goodbye" } },
      ]),
      toolCallResponse([
        { name: "bash", arguments: { command: "echo first-line; sleep 1.5; echo second-line" } },
      ]),
      textResponse(ANSWER, { chunkSize: 3, eventDelayMs: 25 }),
    ]);
    const web = await GongWeb.start(box);
    const page = await openPage(web);
    await send(page, "say goodbye");

    const added = page.locator(".diff-add").first();
    await expect(added.textContent()).resolves.toBe("+goodbye");
    const colours = await page.evaluate(() =>
      [".diff-add", ".diff-del"].map(
        (selector) => getComputedStyle(document.querySelector(selector)).backgroundColor,
      ),
    );
    expect(colours).toEqual(["rgb(230, 255, 236)", "rgb(255, 235, 233)"]);
    const live = page.locator("details.tool-call.running .tool-output", { hasText: "first-line" });
    await live.waitFor();
    expect(await live.textContent()).not.toContain("second-line");
    // Part of the answer is on the page before the rest has arrived.
    await page.waitForFunction((answer) => {
      const shown = [...document.querySelectorAll(".markdown")].map((el) => el.textContent ?? "");
      return shown.some(
        (text) =>
          text.length > 10 &&
          answer.replace(/\*\*/g, "").startsWith(text.trim()) &&
          text.trim().length < answer.length - 20,
      );
    }, ANSWER);
    await page.locator(".markdown strong", { hasText: "done" }).waitFor();
    await page.locator("#stop:disabled").waitFor();
    expect(readFileSync(path.join(box.cwd, "greet.txt"), "utf8")).toBe("goodbye\n");
    await expect(page.locator(".tool-output", { hasText: "second-line" }).count()).resolves.toBe(1);
  });

  it("an edit shows its diff without its JSON arguments, a failed one its error; a finished command's output stays open", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    writeFileSync(path.join(box.cwd, "greet.txt"), "hello\n");
    mock.enqueue([
      toolCallResponse([
        { name: "edit", arguments: { path: "greet.txt", oldText: "missing", newText: "x" } },
      ]),
      toolCallResponse([
        { name: "edit", arguments: { path: "greet.txt", oldText: "hello", newText: "goodbye" } },
      ]),
      toolCallResponse([{ name: "bash", arguments: { command: "echo from-the-command" } }]),
      textResponse("edited"),
    ]);
    const web = await GongWeb.start(box);
    const page = await openPage(web);
    await send(page, "say goodbye");
    await page.locator(".markdown", { hasText: "edited" }).waitFor();
    await page.locator("#stop:disabled").waitFor();

    const blocks = page.locator("details.tool-call");
    await expect(blocks.count()).resolves.toBe(3);
    const [failed, applied, command] = [blocks.nth(0), blocks.nth(1), blocks.nth(2)];
    await expect(failed.getAttribute("class")).resolves.toContain("failed");
    await expect(failed.locator(".diff-line").count()).resolves.toBe(0);
    await expect(failed.locator(".tool-output.error-text").textContent()).resolves.toMatch(
      /not found|could not find|no match/i,
    );
    await expect(applied.locator(".diff-add").textContent()).resolves.toBe("+goodbye");
    await expect(applied.locator(".tool-args").count()).resolves.toBe(0);
    await expect(command.evaluate((element) => (element as { open: boolean }).open)).resolves.toBe(
      true,
    );
    await expect(command.locator(".tool-output").isVisible()).resolves.toBe(true);
  });

  it("the sessions list shows each session's date and scrolls in its own box: the tree stays in view", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    mock.enqueue([textResponse("the one answer")]);
    const web = await GongWeb.start(box);
    const page = await openPage(web);
    await send(page, "a session among many");
    await page.locator(".markdown", { hasText: "the one answer" }).waitFor();
    await page.locator("#stop:disabled").waitFor();
    // Forty more sessions of this folder: copies of this one under new ids.
    const file = sessionFiles(box.gongHome)[0]!;
    const lines = readFileSync(file, "utf8").split("\n");
    const header = JSON.parse(lines[0]!) as { id: string };
    for (let i = 0; i < 40; i++) {
      const id = `${header.id.slice(0, -4)}${String(1000 + i)}`;
      const copy = [JSON.stringify({ ...header, id }), ...lines.slice(1)].join("\n");
      writeFileSync(file.replace(header.id, id), copy);
    }
    await page.reload();
    await page.locator("#connection", { hasText: "live" }).waitFor();
    await expect.poll(() => page.locator("#sessions li").count()).toBe(41);
    const first = page.locator("#sessions button.session").first();
    await expect(first.locator("small").textContent()).resolves.toMatch(
      /^today \d\d:\d\d( [AP]M)? · 2 msgs$/,
    );
    await page.locator("#tree .tree-line").first().waitFor();
    await expect(page.locator("#tree .tree-line").first().isVisible()).resolves.toBe(true);
    const inView = await page
      .locator("#tree .tree-line")
      .first()
      .evaluate((element) => {
        const box = (
          element as { getBoundingClientRect(): { top: number; bottom: number } }
        ).getBoundingClientRect();
        return (
          box.top >= 0 &&
          box.bottom <= (globalThis as unknown as { innerHeight: number }).innerHeight
        );
      });
    expect(inView).toBe(true);
  });

  it("stop aborts a running sleep 30 and leaves no process; Ctrl+C in the terminal exits 130 and tells the page", async () => {
    mock.enqueue([
      toolCallResponse([{ name: "bash", arguments: { command: "sleep 30.4127" } }]),
      toolCallResponse([{ name: "bash", arguments: { command: "sleep 30.4128" } }]),
    ]);
    const web = await GongWeb.start(gongSandbox(mock.anthropicBaseUrl));
    const page = await openPage(web);
    await send(page, "wait a while");
    await page.locator("details.tool-call.running").waitFor();
    await waitFor(() => processesRunning("sleep 30.4127").length > 0);
    await page.locator("#stop").click();
    await page.locator("#stop:disabled").waitFor();
    await waitFor(() => processesRunning("sleep 30.4127").length === 0);

    await send(page, "wait again");
    await waitFor(() => processesRunning("sleep 30.4128").length > 0);
    web.child.kill("SIGINT");
    expect(await web.exited).toBe(130);
    await page.locator(".notice", { hasText: "stopped in the terminal" }).waitFor();
    expect(processesRunning("sleep 30.4128")).toEqual([]);
  });

  it("a confirmation approved on the page runs the call", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { confirmBash: ["^touch\\b"] });
    mock.enqueue([
      toolCallResponse([{ name: "bash", arguments: { command: "touch approved.txt" } }]),
      textResponse("made the file"),
    ]);
    const web = await GongWeb.start(box);
    const page = await openPage(web);
    await send(page, "make the file");
    const dialog = page.locator("dialog.question[open]");
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("touch approved.txt");
    // The safe answer has the focus: Enter alone would deny.
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe("Deny");
    await dialog.getByRole("button", { name: "Allow" }).click();
    await page.locator(".markdown", { hasText: "made the file" }).waitFor();
    expect(existsSync(path.join(box.cwd, "approved.txt"))).toBe(true);
  });

  it("two tabs both show the answer once, and a reloaded tab too", async () => {
    mock.enqueue([textResponse("one answer for every tab", { chunkSize: 3, eventDelayMs: 10 })]);
    const web = await GongWeb.start(gongSandbox(mock.anthropicBaseUrl));
    const first = await openPage(web);
    const second = await openPage(web);
    await send(first, "hello");
    for (const page of [first, second]) {
      await page.locator(".markdown", { hasText: "one answer for every tab" }).waitFor();
      await page.locator("#stop:disabled").waitFor();
    }
    await second.reload();
    await second.locator("#connection", { hasText: "live" }).waitFor();
    for (const page of [first, second]) {
      const answers = await page.locator(".markdown").allTextContents();
      expect(answers.filter((text) => text.includes("one answer for every tab"))).toHaveLength(1);
      const prompts = await page.locator(".msg.user").allTextContents();
      expect(prompts.filter((text) => text.includes("hello"))).toHaveLength(1);
    }
  });

  it("an ask_user question answered on the page reaches the model", async () => {
    const question = {
      question: "Which database?",
      header: "DB",
      options: [
        { label: "Postgres", description: "relational" },
        { label: "SQLite", description: "a file" },
      ],
      multiSelect: false,
    };
    mock.enqueue([
      toolCallResponse([{ name: "ask_user", arguments: { questions: [question] } }]),
      textResponse("SQLite it is"),
    ]);
    const web = await GongWeb.start(gongSandbox(mock.anthropicBaseUrl));
    const page = await openPage(web);
    await send(page, "set up storage");
    const dialog = page.locator("dialog.question[open]");
    await dialog.getByText("Which database?").waitFor();
    await dialog.getByLabel("SQLite").check();
    await dialog.getByRole("button", { name: "Answer" }).click();
    await page.locator(".markdown", { hasText: "SQLite it is" }).waitFor();
    expect(JSON.stringify(mock.requests[1]!.body)).toContain("SQLite");
  });

  it("sessions and tree: a new session starts empty, the earlier one opens again, a label shows in the tree", async () => {
    mock.enqueue([textResponse("the first session's answer")]);
    const web = await GongWeb.start(gongSandbox(mock.anthropicBaseUrl));
    const page = await openPage(web);
    await send(page, "remember this");
    await page.locator(".markdown", { hasText: "the first session's answer" }).waitFor();
    await page.locator("#stop:disabled").waitFor();

    page.once("dialog", (dialog) => void dialog.accept("checkpoint"));
    await page
      .locator("#tree li")
      .first()
      .getByRole("button", { name: /^label/ })
      .click();
    await page.locator("#tree .tree-line", { hasText: "[checkpoint]" }).waitFor();

    await page.locator("#new-session").click();
    await expect.poll(() => page.locator(".markdown").count()).toBe(0);
    await page.locator("#sessions button", { hasText: "remember this" }).click();
    await page.locator(".markdown", { hasText: "the first session's answer" }).waitFor();
  });

  it("thinking starts collapsed; opened while the answer streams, it stays open", async () => {
    mock.enqueue([
      thinkingResponse(
        "Let me weigh the two options before answering.",
        "The answer, after some thought, arrives in small pieces over a second or so.",
        { chunkSize: 2, eventDelayMs: 20 },
      ),
    ]);
    const web = await GongWeb.start(gongSandbox(mock.anthropicBaseUrl));
    const page = await openPage(web);
    await send(page, "think first");
    const thinking = page.locator("details.thinking");
    await thinking.waitFor();
    expect(await thinking.getAttribute("open")).toBeNull();
    await thinking.locator("summary").click();
    await page.locator(".markdown", { hasText: "over a second or so." }).waitFor();
    await page.locator("#stop:disabled").waitFor();
    expect(await page.locator("details.thinking").getAttribute("open")).not.toBeNull();
  });

  it("while the agent works, the same box queues a follow-up or steers it (Enter)", async () => {
    mock.enqueue([
      // Steering interrupts the command: the test does not wait for it.
      toolCallResponse([{ name: "bash", arguments: { command: "sleep 5" } }]),
      textResponse("steered, looking at b.ts"),
      textResponse("and the follow-up is done"),
    ]);
    const web = await GongWeb.start(gongSandbox(mock.anthropicBaseUrl));
    const page = await openPage(web);
    await send(page, "run the slow thing");
    await page.locator("details.tool-call.running").waitFor();
    await page.locator("#delivery").selectOption("followUp");
    await send(page, "then run the suite");
    await page.locator(".notice", { hasText: "queued: then run the suite" }).waitFor();
    await page.locator("#delivery").selectOption("steer");
    await send(page, "stop, look at b.ts");
    await page.locator(".markdown", { hasText: "and the follow-up is done" }).waitFor();
    const bodies = mock.requests.map((request) => JSON.stringify(request.body));
    expect(bodies[1]).toContain("stop, look at b.ts");
    expect(bodies[1]).not.toContain("then run the suite");
    expect(bodies[2]).toContain("then run the suite");
  });

  it("the model and thinking pickers change the session", async () => {
    const web = await GongWeb.start(gongSandbox(mock.anthropicBaseUrl));
    const page = await openPage(web);
    const models = page.locator("#model option");
    await expect.poll(() => models.count()).toBeGreaterThan(1);
    const current = await page.locator("#model").inputValue();
    const other = (
      await models.evaluateAll((options) =>
        options.map((option) => (option as unknown as { value: string }).value),
      )
    ).find((value) => value !== current)!;
    await page.locator("#model").selectOption(other);
    await page.locator("#thinking").selectOption("high");
    const state = () =>
      page.evaluate(async () => {
        const response = await fetch("/command", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ type: "get_state" }),
        });
        const { data } = (await response.json()) as {
          data: { model: { provider: string; id: string }; thinkingLevel: string };
        };
        return data;
      });
    await expect
      .poll(async () => {
        const { model, thinkingLevel } = await state();
        return `${model.provider}/${model.id} ${thinkingLevel}`;
      })
      .toBe(`${other} high`);
  });
  it("plan mode from the page: the mode picker sets it, Revise sends the feedback, Approve goes on with every tool", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    const plan = (step: string) => ({
      name: "exit_plan_mode",
      arguments: { plan: `# Plan\n\n1. ${step}` },
    });
    mock.enqueue([
      toolCallResponse([plan("Write a.txt")]),
      toolCallResponse([plan("Write a.txt, keeping the old API")]),
      toolCallResponse([{ name: "write", arguments: { path: "a.txt", content: "done" } }]),
      textResponse("wrote it"),
    ]);
    const web = await GongWeb.start(box, ["--sandbox", "workspace-write"]);
    const page = await openPage(web);
    // The status line names the sandbox and the mode (get_state's).
    await page.locator("#sandbox", { hasText: "sandbox: workspace-write" }).waitFor();
    // The CLI's default mode is auto (README "Permissions").
    const picker = page.getByRole("combobox", { name: "Mode", exact: true });
    await page.locator('header[data-mode="auto"]').waitFor();
    await expect(picker.inputValue()).resolves.toBe("auto");
    const other = await openPage(web);
    await picker.selectOption("plan");
    await page.locator('header[data-mode="plan"]').waitFor();
    // Another tab on the session shows the change too.
    await other.locator('header[data-mode="plan"]').waitFor();
    await expect(
      other.getByRole("combobox", { name: "Mode", exact: true }).inputValue(),
    ).resolves.toBe("plan");
    await other.close();
    await send(page, "add a.txt");

    const dialog = page.locator("dialog.question[open]");
    // The plan is Markdown: a heading and a numbered list.
    await dialog.locator("h1", { hasText: "Plan" }).waitFor();
    await dialog.locator("ol li", { hasText: "Write a.txt" }).waitFor();
    await dialog.getByRole("textbox").fill("keep the old API");
    await dialog.getByRole("button", { name: "Revise" }).click();
    await dialog.locator("ol li", { hasText: "keeping the old API" }).waitFor();
    expect(JSON.stringify(mock.requests[1]!.body)).toContain("keep the old API");
    await dialog.getByRole("button", { name: "Approve" }).click();
    await page.locator(".markdown", { hasText: "wrote it" }).waitFor();

    expect(offered(mock.requests[0])).not.toContain("write");
    expect(offered(mock.requests[2])).toContain("write");
    expect(readFileSync(path.join(box.cwd, "a.txt"), "utf8")).toBe("done");
    // Approved, the session is back in the mode before plan mode, and the page says so.
    await page.locator('header[data-mode="auto"]').waitFor();
    await expect(picker.inputValue()).resolves.toBe("auto");
  });

  it('a confirmation answered "Always, this session" is not asked again for the same call', async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { confirmBash: ["^touch\\b"], trustedFolders: [box.cwd] });
    const touch = { name: "bash", arguments: { command: "touch always.txt" } };
    mock.enqueue([
      toolCallResponse([touch]),
      toolCallResponse([touch]),
      textResponse("touched it twice"),
    ]);
    const web = await GongWeb.start(box);
    const page = await openPage(web);
    await send(page, "touch it twice");
    const dialog = page.locator("dialog.question[open]");
    await dialog.waitFor();
    // A trusted folder offers the rule for the project too; this answer is for the session only.
    // A confirmBash match: the exact command, never Bash(touch:*), which would switch the
    // user's guard off for every touch.
    await dialog
      .getByRole("button", { name: "Always in this project: Bash(touch always.txt)" })
      .waitFor();
    await dialog.getByRole("button", { name: "Always, this session" }).click();
    // A second question would hold the run: whichever comes first tells.
    const answer = page.locator(".markdown", { hasText: "touched it twice" });
    await answer.or(dialog).first().waitFor();
    await expect(dialog.count()).resolves.toBe(0);
    await answer.waitFor();
    expect(mock.requests).toHaveLength(3);
    expect(existsSync(path.join(box.cwd, "always.txt"))).toBe(true);
    expect(existsSync(path.join(box.cwd, ".gong", "settings.local.json"))).toBe(false);
  });

  it("ask mode from the Mode picker: a write is put to the page's dialog, and 'Always, this session' covers the next write", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([{ name: "write", arguments: { path: "a.txt", content: "a" } }]),
      toolCallResponse([{ name: "write", arguments: { path: "b.txt", content: "b" } }]),
      textResponse("wrote both"),
    ]);
    const web = await GongWeb.start(box);
    const page = await openPage(web);
    await page.locator('header[data-mode="auto"]').waitFor();
    await page.getByRole("combobox", { name: "Mode", exact: true }).selectOption("ask");
    await page.locator('header[data-mode="ask"]').waitFor();
    await send(page, "write them");
    const dialog = page.locator("dialog.question[open]");
    await dialog.locator("text=ask mode asks before changing files").waitFor();
    await dialog.getByRole("button", { name: "Always, this session" }).click();
    const answer = page.locator(".markdown", { hasText: "wrote both" });
    await answer.or(dialog).first().waitFor();
    await expect(dialog.count()).resolves.toBe(0);
    await answer.waitFor();
    expect(readFileSync(path.join(box.cwd, "b.txt"), "utf8")).toBe("b");
  });

  it("two subagents: each task block shows its subagent's progress live, then its result, collapsed", async () => {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    mock.setFallback(async (request) => {
      const body = JSON.stringify(request.body);
      if (isSubagent(request)) {
        const which = body.includes("SUBTASK A") ? "A" : "B";
        if (!body.includes("tool_result"))
          return toolCallResponse([{ name: "grep", arguments: { pattern: `define${which}` } }]);
        await released;
        return textResponse(`found ${which} at src/${which}.ts:1`);
      }
      if (body.includes("tool_result")) return textResponse("both done");
      return toolCallResponse(
        ["A", "B"].map((which) => ({
          name: "task",
          arguments: { description: `find ${which}`, prompt: `SUBTASK ${which}: find ${which}` },
        })),
      );
    });
    const web = await GongWeb.start(gongSandbox(mock.anthropicBaseUrl));
    const page = await openPage(web);
    await send(page, "find both");
    for (const which of ["A", "B"]) {
      const progress = page.locator("details.tool-call.running .tool-output", {
        hasText: `grep define${which}`,
      });
      await progress.waitFor();
      await expect(progress.textContent()).resolves.toMatch(/: grep define\w · 1 tool call · /);
    }
    // The subagent waits on its model: no update comes, and the time still runs on.
    await page
      .locator("details.tool-call.running .tool-output", { hasText: /grep defineA .* [1-9]\d*s$/ })
      .waitFor();
    release();
    await page.locator(".markdown", { hasText: "both done" }).waitFor();
    for (const which of ["A", "B"]) {
      const block = page.locator("details.tool-call", { hasText: `find ${which}` });
      await expect(block.locator(".tool-output").textContent()).resolves.toContain(
        `found ${which} at src/${which}.ts:1`,
      );
      await expect(block.textContent()).resolves.not.toContain("tool call ·");
      expect(await block.getAttribute("open")).toBeNull();
    }
    // The subagents' own messages stay in their own transcripts.
    await expect(page.locator(".msg.assistant").count()).resolves.toBe(2);
  });
});
