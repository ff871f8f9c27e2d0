import { execFileSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import {
  authErrorResponse,
  errorResponse,
  overflowResponse,
  rateLimitResponse,
  textResponse,
} from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { BIN, runGong, sandbox, writeJson, writeSettings } from "./harness.js";

const mock = useMockLlmServer();

/** A loopback port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function roles(body: unknown): string[] {
  return ((body as { messages: { role: string }[] }).messages ?? []).map((m) => m.role);
}

describe("first run — errors a user can act on", () => {
  it("-r <id> matching no session exits 1 naming the id, even when the id is not hex", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(textResponse("first"));
    expect((await runGong(["-p", "hello"], box)).code).toBe(0);
    const run = await runGong(["-r", "nosuch", "-p", "go on"], box);
    expect(run.stderr).toContain('No session is named "nosuch" (and no session id starts with it)');
    expect(run.stdout).toBe("");
    expect(run.code).toBe(1);
  });

  it("a refused connection to a loopback base URL fails at once with one line naming the URL", async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const box = sandbox(url);
    const run = await runGong(["-p", "hi"], box);
    expect(run.code).toBe(1);
    // At once: no retry (each would print a line of its own).
    const lines = run.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(url);
    // The Anthropic provider pointed here: the override is named, not Ollama
    // (provider-refused.test.ts has each kind of provider).
    expect(lines[0]).toContain("ANTHROPIC_BASE_URL");
  });

  it("a 401 names where the key came from — the environment variable", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(authErrorResponse());
    const run = await runGong(["-p", "hi"], box);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("environment variable ANTHROPIC_API_KEY");
    expect(run.stderr.match(/API key/gi)).toHaveLength(1);
  });

  it("a 401 names --api-key when the key came from the flag", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(authErrorResponse());
    const run = await runGong(["--api-key", "sk-wrong", "-p", "hi"], box);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("--api-key");
    expect(run.stderr).not.toContain("ANTHROPIC_API_KEY");
  });

  it("a 401 names models.json when the key came from it", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeJson(path.join(box.gongHome, "models.json"), {
      providers: { anthropic: { apiKey: "sk-literal-from-file" } },
    });
    mock.enqueue(authErrorResponse());
    const run = await runGong(["-p", "hi"], box);
    expect(run.stderr).toContain("models.json");
    expect(run.stderr).not.toContain("ANTHROPIC_API_KEY");
  });

  it("a 429 reads: rate limited; retrying in 2 s (attempt 1 of 3)", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([rateLimitResponse(1), textResponse("done")]);
    const run = await runGong(["-p", "hi"], box);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("gong: rate limited; retrying in 2 s (attempt 1 of 3)\n");
  });

  it("a provider's model-not-found points at gong --list-models", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(errorResponse(404, "model: claude-nope", { errorType: "not_found_error" }));
    const run = await runGong(["--model", "anthropic/claude-nope", "-p", "hi"], box);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("gong --list-models");
  });

  it("an overflow compaction cannot fix names gong --compact -r <id> in print mode, not /compact", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { autoCompaction: false });
    mock.enqueue(overflowResponse());
    const run = await runGong(["-p", "hi"], box);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /compact the session or start a new one\. To compact it: gong --compact -r [0-9a-f]{8}\n$/,
    );
    expect(run.stderr).not.toContain("/compact");
  });

  it("after a failed prompt, the next -c does not send two user messages in a row", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(textResponse("first answer"));
    expect((await runGong(["-p", "one"], box)).code).toBe(0);
    mock.enqueue(authErrorResponse());
    expect((await runGong(["-c", "-p", "two"], box)).code).toBe(1);
    mock.enqueue(textResponse("third answer"));
    const run = await runGong(["-c", "-p", "three"], box);
    expect(run.code).toBe(0);
    const sent = roles(mock.requests.at(-1)!.body);
    for (let i = 1; i < sent.length; i++) expect(`${sent[i - 1]} ${sent[i]}`).not.toBe("user user");
  });

  it("gong --compact -c compacts the stored session from the command line", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { compaction: { keepRecentTokens: 1 } });
    mock.enqueue([textResponse("first answer"), textResponse("second answer")]);
    expect((await runGong(["-p", "one", "two"], box)).code).toBe(0);
    mock.enqueue(textResponse("## Goal\nsummary of the chat"));
    const run = await runGong(["--compact", "-c"], box);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^Compacted \d+ tokens into \d+: \d+ messages? summarised \(.*\.jsonl\)\.\n$/,
    );
    // The summary is stored: the next run sends it instead of the old messages.
    mock.enqueue(textResponse("third answer"));
    expect((await runGong(["-c", "-p", "three"], box)).code).toBe(0);
    expect(JSON.stringify(mock.requests.at(-1)!.body)).toContain("summary of the chat");
  });

  it("--compact -c with no saved session says so and creates none", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const run = await runGong(["--compact", "-c"], box);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe("gong: --compact -c: no saved session for this directory yet.\n");
    expect(existsSync(path.join(box.gongHome, "sessions"))).toBe(false);
  });

  it("--compact without -c or -r is a usage error", async () => {
    const run = await runGong(["--compact"], sandbox(mock.anthropicBaseUrl));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--compact needs -c or -r <id>");
  });

  it("--append-system-prompt with a path that does not exist is a usage error", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    for (const value of ["./STYLE.md", "notes.txt", "~/x", "../rules"]) {
      const run = await runGong(["--append-system-prompt", value, "-p", "hi"], box);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`no such file: ${value}`);
    }
    expect(mock.requests).toHaveLength(0);
  });

  it("--system-prompt given a path that exists reads the file", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeFileSync(path.join(box.cwd, "terse.md"), "Be terse.");
    mock.enqueue(textResponse("ok"));
    const run = await runGong(["--system-prompt", "terse.md", "-p", "hi"], box);
    expect(run.code).toBe(0);
    expect(JSON.stringify(mock.requests[0]!.body)).toContain("Be terse.");
  });

  it("--session <path> to a missing file starts a new session there", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(textResponse("fresh"));
    const file = path.join(box.cwd, "mine.jsonl");
    const run = await runGong(["--session", file, "-p", "hi"], box);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(existsSync(file)).toBe(true);
    const help = await runGong(["--help"], box);
    expect(help.stdout).toMatch(/a file that does not exist yet\s+starts a new session there/);
  });

  it("--thinking on a model without reasoning warns once", async () => {
    const box = sandbox(mock.anthropicBaseUrl, {
      OPENAI_BASE_URL: mock.openaiBaseUrl,
      OPENAI_API_KEY: "k",
    });
    mock.enqueue(textResponse("ok"));
    const run = await runGong(
      ["--model", "openai/gpt-4o-mini", "--thinking", "high", "-p", "hi"],
      box,
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      "gong: warning: openai/gpt-4o-mini does not support reasoning; --thinking high is ignored.\n",
    );
  });

  it("a mistyped flag suggests the right one", async () => {
    const run = await runGong(["--contnue", "-p", "hi"], sandbox(mock.anthropicBaseUrl));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("unknown option --contnue (did you mean --continue?)");
  });

  // `script` (util-linux) gives gong a real pseudo-terminal, so the interactive first-run screen shows.
  it.skipIf(!existsSync("/usr/bin/script"))(
    "the first-run screen's --base-url advice works as printed: an OpenAI-compatible server, no key, none of the standard keys sent",
    async () => {
      const box = sandbox(mock.anthropicBaseUrl);
      delete box.env.ANTHROPIC_API_KEY;
      let screen = "";
      try {
        screen = execFileSync("script", ["-qec", `${process.execPath} ${BIN}`, "/dev/null"], {
          cwd: box.cwd,
          env: box.env,
          encoding: "utf8",
          timeout: 10_000,
        });
      } catch (error) {
        screen = (error as { stdout: string }).stdout;
      }
      const advice = screen.match(
        /gong (--base-url) (http:\/\/localhost:8080\/v1) (--model) <model>/,
      );
      expect(advice).not.toBeNull();
      // The advice as printed, with the mock server in place of the local one.
      const args = [advice![1]!, mock.openaiBaseUrl, advice![3]!, "qwen3", "-p", "hi"];
      mock.enqueue(textResponse("hello from llama.cpp"));
      const keyless = await runGong(args, box);
      expect(keyless.stderr).toBe("");
      expect(keyless.code).toBe(0);
      expect(keyless.stdout).toBe("hello from llama.cpp\n");
      expect(mock.requests[0]!.path).toBe("/v1/chat/completions");

      // With a provider's key in the environment the same advice still works, and that
      // key stays with its provider.
      mock.enqueue(textResponse("still llama.cpp"));
      const keyed = await runGong(args, {
        ...box,
        env: { ...box.env, ANTHROPIC_API_KEY: "sk-ant-secret", OPENAI_API_KEY: "sk-oai-secret" },
      });
      expect(keyed.stderr).toBe("");
      expect(keyed.stdout).toBe("still llama.cpp\n");
      expect(mock.requests[1]!.path).toBe("/v1/chat/completions");
      expect(JSON.stringify(mock.requests[1]!.headers)).not.toMatch(/secret/);
    },
  );

  it("a transposition is one edit: --modle suggests --model, not --mode", async () => {
    const run = await runGong(["--modle", "x", "-p", "hi"], sandbox(mock.anthropicBaseUrl));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("unknown option --modle (did you mean --model?)");
  });

  it("--provider openai with --model anthropic/… is a usage error", async () => {
    const run = await runGong(
      ["--provider", "openai", "--model", "anthropic/claude-sonnet-4-5", "-p", "hi"],
      sandbox(mock.anthropicBaseUrl),
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      '--model anthropic/claude-sonnet-4-5 names provider "anthropic", but --provider is "openai"',
    );
  });
});
