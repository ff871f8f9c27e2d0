import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { textResponse, toolCallResponse } from "@gong/testing";
import { chromiumAvailable, launchChromium } from "@gong/testing/chromium";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { BIN, jsonLines, runGong, sandbox, writeJson } from "./harness.js";

const mock = useMockLlmServer();

describe("gong — usage and startup", () => {
  it("--version prints the package version", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const run = await runGong(["--version"], box);
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
      version: string;
    };
    expect(run).toMatchObject({ code: 0, stdout: `${pkg.version}\n`, stderr: "" });
  });

  it("--help documents the flags", async () => {
    const run = await runGong(["--help"], sandbox(mock.anthropicBaseUrl));
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("--list-models");
    expect(run.stdout).toContain(
      "Exit codes: 0 ok, 1 the run failed, 2 usage error, 130/143/129 stopped by SIGINT/SIGTERM/SIGHUP.",
    );
  });

  it("a bad flag exits 2 with one line", async () => {
    const run = await runGong(["--bogus", "-p", "hi"], sandbox(mock.anthropicBaseUrl));
    expect(run.code).toBe(2);
    expect(run.stderr).toBe("gong: unknown option --bogus. Run gong --help for usage.\n");
    expect(mock.requests).toHaveLength(0);
  });

  it("no prompt at all exits 2", async () => {
    const run = await runGong(["-p"], sandbox(mock.anthropicBaseUrl));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/no prompt given/);
  });

  // `script` (util-linux) gives gong a real pseudo-terminal as stdin.
  const hasScript = existsSync("/usr/bin/script");
  if (!hasScript) console.warn("TTY test skipped: /usr/bin/script (util-linux) is missing");
  it.skipIf(!hasScript)(
    "on a terminal without -p and without a key, the interactive mode shows the first-run guide (exit 2, no error wording)",
    () => {
      const box = sandbox(mock.anthropicBaseUrl);
      delete box.env.ANTHROPIC_API_KEY;
      delete box.env.OPENAI_API_KEY;
      let status = 0;
      let output = "";
      try {
        output = execFileSync("script", ["-qec", `${process.execPath} ${BIN}`, "/dev/null"], {
          cwd: box.cwd,
          env: box.env,
          encoding: "utf8",
          timeout: 10_000,
        });
      } catch (error) {
        const failure = error as { status: number; stdout: string };
        status = failure.status;
        output = failure.stdout;
      }
      expect(status).toBe(2);
      expect(output).toMatch(/Welcome to gong/);
      expect(output).toMatch(/ANTHROPIC_API_KEY/);
      expect(output).toMatch(/--base-url/);
      expect(output).not.toMatch(/\berror\b/i);
    },
  );
});

describe("gong — errors a user sees", () => {
  it("missing key → exit 1 and a message naming the env var and --api-key", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    delete box.env.ANTHROPIC_API_KEY;
    const run = await runGong(["--provider", "anthropic", "-p", "hi"], box);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/ANTHROPIC_API_KEY/);
    expect(run.stderr).toMatch(/--api-key/);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(mock.requests).toHaveLength(0);
  });

  it("no key for any provider → exit 1 with what to set", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    delete box.env.ANTHROPIC_API_KEY;
    const run = await runGong(["-p", "hi"], box);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/No API key found/);
    // The built-in local servers need no models.json entry, only a model name.
    expect(run.stderr).toContain("gong --provider ollama --model <model>");
  });

  it("an unknown provider is a usage error (exit 2)", async () => {
    const run = await runGong(["--provider", "nope", "-p", "hi"], sandbox(mock.anthropicBaseUrl));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/Unknown provider "nope"/);
  });

  it("a rejected key → exit 1 with one line", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue({
      type: "error",
      status: 401,
      message: "invalid x-api-key",
      errorType: "authentication_error",
    });
    const run = await runGong(["-p", "hi"], box);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^gong: .*invalid x-api-key.*ANTHROPIC_API_KEY/);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(mock.requests).toHaveLength(1);
  });

  it("an unreachable base URL → exit 1 naming the problem", async () => {
    const box = sandbox("http://127.0.0.1:9");
    writeJson(path.join(box.gongHome, "settings.json"), { retry: { maxRetries: 0 } });
    const run = await runGong(["-p", "hi"], box);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^gong: .*(connect|connection|network|reach)/i);
    expect(run.stderr).toContain("base URL: http://127.0.0.1:9");
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("a run that cannot start (no key) leaves no empty session file behind", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    delete box.env.ANTHROPIC_API_KEY;
    expect((await runGong(["--provider", "anthropic", "-p", "hi"], box)).code).toBe(1);
    expect(existsSync(path.join(box.gongHome, "sessions"))).toBe(false);
  });

  it("an invalid settings file is reported with file and line, and the run goes on", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const file = path.join(box.cwd, ".gong", "settings.json");
    writeJson(file, {});
    writeFileSync(file, '{\n  "preset": "readonly",\n  oops\n}\n');
    mock.enqueue(textResponse("fine"));
    const run = await runGong(["-p", "hi"], box);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`${file}:3:3: invalid JSON`);
  });
});

describe("gong --list-models", () => {
  it("lists provider, id, context and cost, marking providers with a key", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeJson(path.join(box.gongHome, "models.json"), {
      providers: {
        localbox: {
          baseUrl: "http://127.0.0.1:1/v1",
          api: "openai-completions",
          models: [{ id: "tiny-coder", contextWindow: 32768 }],
        },
      },
    });
    const run = await runGong(["--list-models", "tiny"], box);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/localbox\s+tiny-coder\s+33K/);
    const all = await runGong(["--list-models"], box);
    expect(all.stdout).toMatch(/^\*\s+anthropic\s+/m);
    expect(all.stdout).not.toMatch(/^\*\s+openai\s+/m);
  });

  it("shows the built-in local servers (Ollama, vLLM, LM Studio) as usable without a key", async () => {
    const run = await runGong(["--list-models"], sandbox(mock.anthropicBaseUrl));
    expect(run.code).toBe(0);
    for (const provider of ["ollama", "vllm", "lmstudio"])
      expect(run.stdout).toMatch(new RegExp(`^\\*\\s+${provider}\\s+<model>\\s`, "m"));
    expect(run.stdout).toContain("* = usable: an API key is configured, or none is needed");
    const search = await runGong(["--list-models", "ollama"], sandbox(mock.anthropicBaseUrl));
    expect(search.stdout).toMatch(/ollama\s+<model>/);
    expect(search.stdout).toContain("gong --model ollama/<model>");
  });

  it("the footer's local-server example is a local server, never OpenRouter", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    delete box.env.ANTHROPIC_API_KEY;
    const run = await runGong(["--list-models"], box);
    expect(run.code).toBe(0);
    const footer = run.stdout.split("\n").find((line) => line.startsWith("Local servers:"));
    expect(footer).toContain("gong --model ollama/<model>");
    expect(footer).toContain("http://localhost:11434/v1");
    expect(run.stdout).not.toMatch(/Local servers:.*openrouter/);
  });
});

const hasChromium = chromiumAvailable("HTML export browser test");

// Evaluated inside the page; declared because the package compiles without the DOM lib.
declare const getComputedStyle: (element: unknown) => { backgroundColor: string };

describe("gong --export", () => {
  it("writes a self-contained HTML file for a session id", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeFileSync(path.join(box.cwd, "a.ts"), "export function greet() {}\n");
    mock.enqueue([
      toolCallResponse([
        {
          id: "toolu_e",
          name: "edit",
          arguments: { path: "a.ts", oldText: "greet", newText: "hello" },
        },
      ]),
      textResponse("Renamed."),
    ]);
    const run = await runGong(["--mode", "json", "rename greet"], box);
    expect(run.code).toBe(0);
    const id = jsonLines(run.stdout)[0]!.id as string;
    const out = path.join(box.cwd, "session.html");
    const exported = await runGong(["--export", id.slice(0, 8), out], box);
    expect(exported.stderr).toBe("");
    expect(exported.code).toBe(0);
    expect(exported.stdout.trim()).toBe(out);
    const html = readFileSync(out, "utf8");
    expect(html).toContain("rename greet");
    expect(html).toContain("diff-add");
    expect(html).not.toMatch(/<script|src="http|href="http/);
  });

  it.skipIf(!hasChromium)(
    "the exported file renders its diff and token chart in headless Chromium",
    async () => {
      const box = sandbox(mock.anthropicBaseUrl);
      writeFileSync(path.join(box.cwd, "a.ts"), "export function greet() {}\n");
      mock.enqueue([
        toolCallResponse(
          [
            {
              id: "toolu_e",
              name: "edit",
              arguments: { path: "a.ts", oldText: "greet", newText: "hello" },
            },
          ],
          {
            usage: { input: 900, output: 40 },
          },
        ),
        textResponse("Renamed.", { usage: { input: 1500, output: 10 } }),
      ]);
      const run = await runGong(["--mode", "json", "rename greet"], box);
      const id = jsonLines(run.stdout)[0]!.id as string;
      const out = path.join(box.cwd, "out.html");
      expect((await runGong(["--export", id, out], box)).code).toBe(0);
      const browser = await launchChromium();
      try {
        const page = await browser.newPage({ colorScheme: "light" });
        await page.goto(pathToFileURL(out).href);
        const added = page.locator(".diff-add").first();
        expect(await added.isVisible()).toBe(true);
        expect(await added.textContent()).toContain("hello");
        expect(await added.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
          "rgb(230, 255, 236)",
        );
        expect(await page.locator(".token-chart rect.bar-input").count()).toBe(2);
        expect(await page.locator("header").textContent()).toContain("Input: 2,400");
      } finally {
        await browser.close();
      }
    },
  );
});

describe("docs name current models (a retired id prints a deprecation warning on every run)", () => {
  const repo = path.resolve(import.meta.dirname, "../../..");
  const docs = [
    "README.md",
    "apps/cli/README.md",
    "apps/rpc/README.md",
    "apps/rpc/docs/rpc.md",
    "packages/runtime/README.md",
    "packages/agent-core/README.md",
    "packages/llm/README.md",
    "packages/testing/README.md",
  ];

  it("every Claude id in the docs and --help is the newest of its family in --list-models", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const help = await runGong(["--help"], box);
    const texts = [help.stdout, ...docs.map((doc) => readFileSync(path.join(repo, doc), "utf8"))];
    const named = new Set(texts.flatMap((text) => text.match(/claude-[a-z]+-\d[\d-]*\d/g) ?? []));
    expect(named.size).toBeGreaterThan(0);
    for (const id of named) {
      const family = id.replace(/-\d[\d-]*$/, "");
      const listed = await runGong(["--list-models", `anthropic/${family}-`], box);
      const newest = listed.stdout.split("\n")[1]?.split(/\s+/)[2];
      expect(`${id} → ${newest}`).toBe(`${id} → ${id}`);
    }
  });
});
