import { afterAll, beforeAll, beforeEach } from "vitest";
import { type MockLlmServer, type MockLlmServerOptions, startMockLlmServer } from "./server.js";

/**
 * One mock server for the calling test file: started before its tests, closed after
 * them, its queue and recorded requests cleared before each test. Call it at the top
 * level of the file; the returned handle is usable inside tests and hooks.
 */
export function useMockLlmServer(options: MockLlmServerOptions = {}): MockLlmServer {
  let server: MockLlmServer | undefined;
  beforeAll(async () => {
    server = await startMockLlmServer(options);
  });
  afterAll(() => server?.close());
  beforeEach(() => server?.reset());

  const started = (): MockLlmServer => {
    if (!server)
      throw new Error("the mock LLM server starts in beforeAll: use it inside a test or hook");
    return server;
  };
  return {
    get anthropicBaseUrl() {
      return started().anthropicBaseUrl;
    },
    get openaiBaseUrl() {
      return started().openaiBaseUrl;
    },
    get port() {
      return started().port;
    },
    get requests() {
      return started().requests;
    },
    enqueue: (step) => started().enqueue(step),
    setFallback: (fallback) => started().setFallback(fallback),
    pending: () => started().pending(),
    reset: () => started().reset(),
    close: () => started().close(),
  };
}

export { type GongSandbox, gongSandbox, sessionFiles } from "./sandbox.js";

export { gitIn, tempDir, writeFile } from "./temp-files.js";
