import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  errorResponse,
  type MockStep,
  type RecordedRequest,
  textResponse,
  toolCallResponse,
} from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, type Sandbox, sandbox, sessionFiles, writeJson } from "./harness.js";

const mock = useMockLlmServer();

interface Block {
  type: string;
  text?: string;
  content?: string | Block[];
}
interface Body {
  model: string;
  system?: string | Block[];
  messages: { role: string; content: string | Block[] }[];
}

const bodyOf = (request: RecordedRequest) => request.body as Body;
const blocksOf = (content: string | Block[]): Block[] =>
  typeof content === "string" ? [{ type: "text", text: content }] : content;
const textOf = (blocks: Block[]) => blocks.map((b) => b.text ?? "").join("");
const firstUserText = (request: RecordedRequest) => {
  const first = bodyOf(request).messages.find((m) => m.role === "user");
  return first ? textOf(blocksOf(first.content)) : "";
};
const toolResultTexts = (request: RecordedRequest) =>
  bodyOf(request).messages.flatMap((m) =>
    blocksOf(m.content)
      .filter((b) => b.type === "tool_result")
      .map((b) => textOf(blocksOf(b.content ?? ""))),
  );
const isSubagent = (request: RecordedRequest) => firstUserText(request).startsWith("SUBTASK");
const isSummaryCall = (request: RecordedRequest) =>
  JSON.stringify(bodyOf(request).system ?? "").includes("summarization");
const parentCalls = () => mock.requests.filter((r) => !isSubagent(r) && !isSummaryCall(r));
/** What a provider counts, about: 4 bytes of the request a token. */
const requestTokens = (request: RecordedRequest) => JSON.stringify(request.body).length / 4;

const WINDOW = 200_000;
const CALLS = 50;

/** A subagent's report of `lines` lines of ~60 bytes, its last line marked. */
function report(which: string, lines: number): string {
  const body = Array.from(
    { length: lines },
    (_, i) => `finding ${i}: the module at src/part${i}.ts exports helper${i}`,
  );
  return `${body.join("\n")}\nEND-OF-REPORT-${which}`;
}

/**
 * Two models on the mock: `mock/m200` with a 200k window, which answers a request over
 * it with Anthropic's overflow error like the real API, and `mock/huge` with a window
 * so large that nothing is ever cut (how a session grew before the results budget).
 */
function twoModels(box: Sandbox): void {
  writeJson(path.join(box.gongHome, "models.json"), {
    providers: {
      mock: {
        baseUrl: mock.anthropicBaseUrl,
        api: "anthropic-messages",
        apiKey: "mock-key",
        models: [
          { id: "m200", contextWindow: WINDOW, maxTokens: 8000 },
          { id: "huge", contextWindow: 100_000_000, maxTokens: 8000 },
        ],
      },
    },
  });
  writeJson(path.join(box.gongHome, "settings.json"), { retry: { maxRetries: 0 } });
}

/** The parent asks for 50 subagents at once; each answers `reportLines` lines. */
function fiftySubagents(reportLines: number) {
  mock.setFallback((request): MockStep => {
    const tokens = Math.round(requestTokens(request));
    if (bodyOf(request).model === "m200" && tokens > WINDOW) {
      return errorResponse(400, `prompt is too long: ${tokens} tokens > ${WINDOW} maximum`, {
        errorType: "invalid_request_error",
      });
    }
    if (isSummaryCall(request)) return textResponse("## Goal\nLook at 50 parts.\nSUMMARY-MARKER");
    const prompt = firstUserText(request);
    if (isSubagent(request)) return textResponse(report(prompt.slice(8), reportLines));
    if (toolResultTexts(request).length === 0) {
      return toolCallResponse(
        Array.from({ length: CALLS }, (_, i) => ({
          id: `toolu_${i}`,
          name: "task",
          arguments: { description: `part ${i}`, prompt: `SUBTASK ${i}` },
        })),
      );
    }
    return textResponse(`done: ${prompt}`);
  });
}

const sessionId = (box: Sandbox) => {
  const [file] = sessionFiles(box.gongHome).filter(
    (f) => !f.includes(`${path.sep}subagents${path.sep}`),
  );
  return (JSON.parse(readFileSync(file!, "utf8").split("\n")[0]!) as { id: string }).id;
};

const LONG = { timeoutMs: 10 * 60_000 };

/**
 * A session grown on a huge-window model whose 50 subagent results of 50 KB each overflow
 * the 200 k window the next runs use: a session as it was written before the budget.
 */
async function overflowingSession(): Promise<Sandbox> {
  const box = sandbox(mock.anthropicBaseUrl);
  twoModels(box);
  fiftySubagents(1000);
  const grown = await runGong(["--model", "mock/huge", "-p", "PARENT look at 50 parts"], box, LONG);
  expect(grown.code).toBe(0);
  return box;
}

describe("issue 34.5 — many subagents never overflow the parent", () => {
  it(
    "50 task calls answering 300 KB each: the next request fits the 200k window, every result spilled with a preview, exit 0, no MaxListenersExceededWarning",
    async () => {
      const box = sandbox(mock.anthropicBaseUrl);
      twoModels(box);
      fiftySubagents(5000);
      const run = await runGong(
        ["--model", "mock/m200", "-p", "PARENT look at 50 parts"],
        box,
        LONG,
      );
      expect(run.stderr).not.toContain("MaxListenersExceededWarning");
      expect(run.stderr).not.toContain("compact");
      expect(run.code).toBe(0);
      expect(run.stdout).toContain("done: PARENT");

      const [, next] = parentCalls();
      expect(requestTokens(next!)).toBeLessThan(WINDOW * 0.5);
      const results = toolResultTexts(next!);
      expect(results).toHaveLength(CALLS);
      for (const [i, text] of results.entries()) {
        expect(text).toMatch(/^finding 0: /);
        expect(text).toContain("the 50 results of one message may take");
        const saved = /Full output saved to (\S+\.txt)/.exec(text)?.[1];
        expect(saved).toBeDefined();
        const full = readFileSync(path.join(box.cwd, saved!), "utf8");
        expect(full).toContain(`END-OF-REPORT-${i}\n`);
      }
    },
    15 * 60_000,
  );

  it(
    "a session whose 50 results of 50 KB overflow the window (as before the budget): gong -c compacts them to fit, says what it removed, and the next -c goes on from the shortened context",
    async () => {
      const box = await overflowingSession();
      const [, huge] = parentCalls();
      expect(requestTokens(huge!)).toBeGreaterThan(WINDOW * 3);

      mock.reset();
      const resumed = await runGong(["--model", "mock/m200", "-c", "-p", "NEXT"], box, LONG);
      expect(resumed.stderr).toMatch(
        /compacted \d+ tokens into \d+ \(1 message summarised, 50 tool results shortened to fit\)/,
      );
      const [, before, after] = /compacted (\d+) tokens into (\d+)/.exec(resumed.stderr)!;
      expect(Number(before)).toBeGreaterThan(WINDOW * 3);
      expect(Number(after)).toBeLessThan(WINDOW * 0.5);
      expect(resumed.code).toBe(0);
      expect(resumed.stdout).toContain("done: ");
      const last = parentCalls().at(-1)!;
      expect(requestTokens(last)).toBeLessThan(WINDOW);
      expect(JSON.stringify(last.body)).toContain("SUMMARY-MARKER");

      mock.reset();
      const again = await runGong(["--model", "mock/m200", "-c", "-p", "AGAIN"], box, LONG);
      expect(again.code).toBe(0);
      expect(mock.requests.filter(isSummaryCall)).toHaveLength(0);
      expect(requestTokens(mock.requests[0]!)).toBeLessThan(WINDOW * 0.5);
      expect(JSON.stringify(mock.requests[0]!.body)).toContain("SUMMARY-MARKER");
    },
    15 * 60_000,
  );

  it(
    "gong --compact -r <id> on such a session reports the tokens it really removed, and gong -c continues afterwards",
    async () => {
      const box = await overflowingSession();

      const compacted = await runGong(
        ["--model", "mock/m200", "--compact", "-r", sessionId(box)],
        box,
        LONG,
      );
      expect(compacted.code).toBe(0);
      const match =
        /^Compacted (\d+) tokens into (\d+): 1 message summarised, 50 tool results shortened to fit \(/.exec(
          compacted.stdout,
        );
      expect(match, compacted.stdout + compacted.stderr).not.toBeNull();
      expect(Number(match![1])).toBeGreaterThan(WINDOW * 3);
      expect(Number(match![2])).toBeLessThan(WINDOW * 0.5);

      mock.reset();
      const resumed = await runGong(["--model", "mock/m200", "-c", "-p", "NEXT"], box, LONG);
      expect(resumed.code).toBe(0);
      expect(mock.requests.filter(isSummaryCall)).toHaveLength(0);
      expect(requestTokens(mock.requests[0]!)).toBeLessThan(WINDOW * 0.5);
      expect(existsSync(path.join(box.cwd, ".tool-output"))).toBe(true);
    },
    15 * 60_000,
  );
});
