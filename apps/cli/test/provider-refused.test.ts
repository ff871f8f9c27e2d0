/**
 * Nothing listens at the base URL, on this machine (issue 35.7): the next step fits the
 * provider. "start Ollama" was shown for any refused server, an Anthropic URL included.
 */
import { createServer } from "node:http";
import { describe, expect, it } from "vitest";
import { runGong, sandbox } from "./harness.js";

/** A port on 127.0.0.1 where nothing listens (it was free a moment ago). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("provider errors — a refused base URL names the right fix", () => {
  it("a refused hosted provider's base URL does not suggest Ollama: it names the override", async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const run = await runGong(["-p", "hi"], sandbox(url));
    expect(run.code).toBe(1);
    expect(run.stderr).not.toContain("Ollama");
    expect(run.stderr).toContain(
      `Nothing answers at ${url}, the base URL given for anthropic (its API is https://api.anthropic.com): start the proxy or server meant to listen there, or fix or remove the base URL (--base-url, ANTHROPIC_BASE_URL, models.json).`,
    );
  });

  it("the ollama provider: start Ollama", async () => {
    const url = `http://127.0.0.1:${await closedPort()}/v1`;
    const box = sandbox(url);
    const run = await runGong(
      ["--provider", "ollama", "--model", "llama3.2", "--base-url", url, "-p", "hi"],
      box,
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `Nothing answers at ${url}: is the server running? Start Ollama (ollama serve) or pass --base-url.`,
    );
  });

  it("--base-url alone (an OpenAI-compatible server): the server, not Ollama", async () => {
    const url = `http://127.0.0.1:${await closedPort()}/v1`;
    const box = sandbox(url);
    const run = await runGong(["--base-url", url, "--model", "local", "-p", "hi"], box);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `Nothing answers at ${url}: is the server running? Start the server or pass --base-url.`,
    );
    expect(run.stderr).not.toContain("Ollama");
  });
});
