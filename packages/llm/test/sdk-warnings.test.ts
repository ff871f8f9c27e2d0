import { type MockLlmServer, startMockLlmServer, textResponse } from "@gong/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { complete } from "../src/index.js";
import { sdkLogOptions } from "../src/providers/sdk-warnings.js";
import { mockModel, userMessage } from "./helpers.js";

let mock: MockLlmServer;
beforeAll(async () => {
  mock = await startMockLlmServer();
});
afterAll(() => mock.close());
afterEach(() => vi.restoreAllMocks());

// An id the Anthropic SDK flags as deprecated (its own console.warn inside create()).
const deprecated = () =>
  mockModel("anthropic-messages", mock.anthropicBaseUrl, { id: "claude-sonnet-4-5" });

describe("SDK warnings are data, never console output", () => {
  it("a deprecated Anthropic model id reaches onWarning, not the console", async () => {
    const consoleWarn = vi.spyOn(console, "warn");
    const consoleError = vi.spyOn(console, "error");
    const warnings: string[] = [];
    mock.enqueue(textResponse("ok"));
    const message = await complete(
      deprecated(),
      { messages: [userMessage("hi")] },
      { apiKey: "k", onWarning: (warning) => warnings.push(warning) },
    );
    expect(message.stopReason).toBe("stop");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/The model 'claude-sonnet-4-5' is deprecated/);
    expect(consoleWarn).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it("without onWarning the warning is dropped and console.warn is restored afterwards", async () => {
    const original = console.warn;
    const consoleWarn = vi.spyOn(console, "warn");
    mock.enqueue(textResponse("ok"));
    const message = await complete(
      deprecated(),
      { messages: [userMessage("hi")] },
      { apiKey: "k" },
    );
    expect(message.stopReason).toBe("stop");
    expect(consoleWarn).not.toHaveBeenCalled();
    consoleWarn.mockRestore();
    expect(console.warn).toBe(original);
  });

  it("the SDK logger's warn and error lines become warnings; info and debug are not made", () => {
    const warnings: string[] = [];
    const { logger, logLevel } = sdkLogOptions((warning) => warnings.push(warning));
    logger.warn("retrying in %d ms", 500);
    logger.error("bad", { status: 500 });
    logger.info("info");
    logger.debug("debug");
    expect(logLevel).toBe("warn");
    expect(warnings).toEqual(["retrying in 500 ms", "bad { status: 500 }"]);
  });
});
