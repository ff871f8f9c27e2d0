import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  calculateCost,
  createModelRegistry,
  emptyUsage,
  environmentApiKey,
  getModel,
  getModels,
  getProviders,
  missingApiKeyMessage,
} from "../src/index.js";

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), "gong-models-"));
});
const writeModels = (value: unknown) =>
  writeFileSync(
    join(home, "models.json"),
    typeof value === "string" ? value : JSON.stringify(value),
  );

describe("built-in catalog", () => {
  it("lists Anthropic and OpenAI models with limits, prices and capabilities", () => {
    expect(getProviders()).toEqual(
      expect.arrayContaining(["anthropic", "openai", "ollama", "mistral"]),
    );
    const sonnet = getModel("anthropic", "claude-sonnet-4-5")!;
    expect(sonnet).toMatchObject({
      api: "anthropic-messages",
      contextWindow: 200_000,
      reasoning: true,
    });
    expect(sonnet.cost.input).toBeGreaterThan(0);
    expect(getModels("openai").every((model) => model.api === "openai-responses")).toBe(true);
  });

  it("an unknown id on a known provider gets default limits (ARCHITECTURE §8)", () => {
    expect(getModel("anthropic", "claude-next")).toMatchObject({
      id: "claude-next",
      contextWindow: 200_000,
    });
    expect(getModel("openai", "gpt-next")).toMatchObject({
      id: "gpt-next",
      contextWindow: 128_000,
    });
    expect(getModel("nobody", "x")).toBeUndefined();
  });
});

describe("createModelRegistry with models.json (pi's shape)", () => {
  it("adds a custom OpenAI-compatible provider with its models and defaults", () => {
    writeModels({
      providers: {
        local: {
          baseUrl: "http://localhost:8080/v1/",
          api: "openai-completions",
          apiKey: "LOCAL_KEY",
          headers: { "x-team": "gong" },
          compat: { supportsUsageInStreaming: false },
          models: [{ id: "qwen-coder", contextWindow: 32_768 }, { id: "tiny" }],
        },
      },
    });
    const registry = createModelRegistry({ gongHome: home, env: { LOCAL_KEY: "from-env" } });
    expect(registry.errors).toEqual([]);
    expect(registry.find("local", "qwen-coder")).toMatchObject({
      provider: "local",
      api: "openai-completions",
      baseUrl: "http://localhost:8080/v1",
      contextWindow: 32_768,
      headers: { "x-team": "gong" },
      compat: { supportsUsageInStreaming: false },
    });
    expect(registry.find("local", "tiny")?.contextWindow).toBe(128_000);
    expect(registry.find("local", "unlisted")?.baseUrl).toBe("http://localhost:8080/v1");
    expect(registry.getApiKey({ provider: "local" })).toMatchObject({
      ok: true,
      apiKey: "from-env",
    });
    expect(registry.list("local").map((model) => model.id)).toEqual(["qwen-coder", "tiny"]);
  });

  it("apiKey may be a literal; an unset variable name is reported by name", () => {
    writeModels({
      providers: {
        a: {
          baseUrl: "http://a/v1",
          api: "openai-completions",
          apiKey: "sk-literal-123",
          models: [{ id: "m" }],
        },
        b: {
          baseUrl: "http://b/v1",
          api: "openai-completions",
          apiKey: "B_TOKEN",
          models: [{ id: "m" }],
        },
      },
    });
    const registry = createModelRegistry({ gongHome: home, env: {} });
    expect(registry.getApiKey({ provider: "a" })).toMatchObject({
      ok: true,
      apiKey: "sk-literal-123",
    });
    const missing = registry.getApiKey({ provider: "b" });
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.error).toContain("B_TOKEN");
  });

  it("overriding a built-in provider re-points its models (e.g. a proxy)", () => {
    writeModels({
      providers: {
        anthropic: {
          baseUrl: "http://proxy.local",
          models: [{ id: "claude-custom", maxTokens: 1000 }],
        },
      },
    });
    const registry = createModelRegistry({ gongHome: home, env: { ANTHROPIC_API_KEY: "k" } });
    expect(registry.find("anthropic", "claude-sonnet-4-5")?.baseUrl).toBe("http://proxy.local");
    expect(registry.find("anthropic", "claude-custom")).toMatchObject({
      api: "anthropic-messages",
      maxTokens: 1000,
      contextWindow: 200_000,
    });
    // The proxy gets ANTHROPIC_API_KEY only when the entry names it (issue 21, decided).
    expect(registry.getApiKey({ provider: "anthropic" }).ok).toBe(false);
    writeModels({
      providers: { anthropic: { baseUrl: "http://proxy.local", apiKey: "ANTHROPIC_API_KEY" } },
    });
    const named = createModelRegistry({ gongHome: home, env: { ANTHROPIC_API_KEY: "k" } });
    expect(named.getApiKey({ provider: "anthropic" })).toMatchObject({ ok: true, apiKey: "k" });
  });

  it("GONG_HOME is respected and ANTHROPIC_BASE_URL / OPENAI_BASE_URL are honoured", () => {
    writeModels({
      providers: { x: { baseUrl: "http://x/v1", api: "openai-responses", models: [{ id: "m" }] } },
    });
    const registry = createModelRegistry({
      env: {
        GONG_HOME: home,
        ANTHROPIC_BASE_URL: "http://127.0.0.1:9/",
        OPENAI_BASE_URL: "http://127.0.0.1:10/v1",
      },
    });
    expect(registry.modelsJsonPath).toBe(join(home, "models.json"));
    expect(registry.find("x", "m")?.api).toBe("openai-responses");
    expect(registry.find("anthropic", "claude-haiku-4-5")?.baseUrl).toBe("http://127.0.0.1:9");
    expect(registry.find("openai", "gpt-5")?.baseUrl).toBe("http://127.0.0.1:10/v1");
  });

  it("a broken models.json is an error value; built-ins still work", () => {
    writeModels("{ not json");
    const registry = createModelRegistry({ gongHome: home, env: {} });
    expect(registry.errors).toHaveLength(1);
    expect(registry.errors[0]!.message).toMatch(/invalid JSON/);
    expect(registry.find("anthropic", "claude-opus-4-5")).toBeDefined();
  });

  it("an invalid provider is skipped with a message saying what to fix, others load", () => {
    writeModels({
      providers: {
        bad: { baseUrl: "http://bad/v1", api: "soap" },
        incomplete: { models: [{ id: "m" }] },
        good: { baseUrl: "http://good/v1", api: "openai-completions", models: [{ id: "m" }] },
      },
    });
    const registry = createModelRegistry({ gongHome: home, env: {} });
    expect(registry.errors.map((error) => error.message).join("\n")).toMatch(
      /"providers\.bad\.api" must be one of "anthropic-messages", "openai-completions", "openai-responses" \(found "soap"\)[\s\S]*providers\.incomplete needs "baseUrl" and "api"/,
    );
    expect(registry.find("good", "m")).toBeDefined();
    expect(registry.find("bad", "m")).toBeUndefined();
  });

  it("no models.json is fine", () => {
    mkdirSync(join(home, "empty"));
    const registry = createModelRegistry({ gongHome: join(home, "empty"), env: {} });
    expect(registry.errors).toEqual([]);
    expect(registry.list().length).toBeGreaterThan(5);
  });
});

describe("API keys", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });
  it("read from the provider's variable; the missing-key message names it", () => {
    expect(environmentApiKey("anthropic", { ANTHROPIC_API_KEY: " sk-ant " })).toMatchObject({
      ok: true,
      apiKey: "sk-ant",
      source: "the environment variable ANTHROPIC_API_KEY",
    });
    expect(environmentApiKey("groq", { GROQ_API_KEY: "g" })).toMatchObject({ apiKey: "g" });
    expect(environmentApiKey("openai", {}).ok).toBe(false);
    expect(missingApiKeyMessage("openai")).toContain("OPENAI_API_KEY");
    const registry = createModelRegistry({ gongHome: home, env: {} });
    const result = registry.getApiKey({ provider: "anthropic" });
    expect(result).toEqual({ ok: false, error: expect.stringContaining("ANTHROPIC_API_KEY") });
    expect(registry.getApiKey({ provider: "ollama" })).toMatchObject({ ok: true, apiKey: "none" });
  });

  it("item 5: the key follows the provider — an explicit key binds only to its own provider", () => {
    writeModels({
      providers: {
        proxy: { baseUrl: "http://127.0.0.1:1/v1", api: "openai-completions", apiKey: "PROXY_KEY" },
        literal: { baseUrl: "http://127.0.0.1:2/v1", api: "openai-completions", apiKey: "sk-lit" },
      },
    });
    const env = { ANTHROPIC_API_KEY: "env-ant", OPENAI_API_KEY: "env-oai", PROXY_KEY: "px" };
    const registry = createModelRegistry({ gongHome: home, env });
    const keyFor = registry.apiKeyResolver({ provider: "anthropic", apiKey: "flag-key" });
    expect(keyFor("anthropic")).toMatchObject({ apiKey: "flag-key", source: "--api-key" });
    expect(keyFor("openai")).toMatchObject({
      apiKey: "env-oai",
      source: "the environment variable OPENAI_API_KEY",
    });
    expect(keyFor("proxy")).toMatchObject({
      apiKey: "px",
      // Where each key came from, for the error when a provider rejects it.
      source: expect.stringMatching(
        /^the environment variable PROXY_KEY \(named in .*models\.json\)$/,
      ),
    });
    expect(keyFor("literal")).toMatchObject({
      apiKey: "sk-lit",
      source: expect.stringMatching(/models\.json \(providers\.literal\.apiKey\)$/),
    });
    expect(keyFor("ollama")).toMatchObject({ apiKey: "none" });
    expect(createModelRegistry({ gongHome: home, env: {} }).apiKeyResolver()("openai")).toEqual({
      ok: false,
      error: expect.stringContaining("OPENAI_API_KEY"),
    });
  });

  it("issue 34.15 — the user's --base-url (userBaseUrl) gets the provider's standard key, no other URL does", () => {
    writeModels({ providers: { openai: { baseUrl: "https://file.example/v1" } } });
    const env = { ANTHROPIC_API_KEY: "env-ant", OPENAI_API_KEY: "env-oai" };
    const registry = createModelRegistry({
      gongHome: home,
      env,
      userBaseUrl: "http://proxy.local/",
    });
    expect(
      registry.getApiKey({ provider: "anthropic", baseUrl: "http://proxy.local" }),
    ).toMatchObject({ ok: true, apiKey: "env-ant" });
    expect(registry.getApiKey({ provider: "anthropic", baseUrl: "http://other.local" }).ok).toBe(
      false,
    );
    // A base URL from models.json is not the user's flag.
    expect(registry.getApiKey({ provider: "openai" }).ok).toBe(false);
  });

  it("a key goes only where it belongs: a standard variable never goes to another base URL", () => {
    writeModels({
      providers: {
        anthropic: { baseUrl: "https://proxy.example/anthropic" },
        openai: { apiKey: "UNSET_KEY" },
      },
    });
    const env = {
      ANTHROPIC_API_KEY: "env-ant",
      OPENAI_API_KEY: "env-oai",
      OPENAI_BASE_URL: "https://gateway.example/v1",
    };
    const registry = createModelRegistry({ gongHome: home, env });
    const proxied = registry.getApiKey({ provider: "anthropic" });
    expect(proxied).toEqual({
      ok: false,
      error: expect.stringContaining("providers.anthropic.apiKey"),
    });
    // The entry names a variable that is unset: that variable is named, none other is read.
    expect(registry.getApiKey({ provider: "openai" })).toEqual({
      ok: false,
      error: expect.stringContaining("UNSET_KEY"),
    });
    // A base URL set by the provider's own variable pairs with its key.
    expect(environmentApiKey("openai", env, "https://gateway.example/v1")).toMatchObject({
      apiKey: "env-oai",
    });
    expect(environmentApiKey("openai", env, "https://api.openai.com/v1")).toMatchObject({
      apiKey: "env-oai",
    });
    expect(environmentApiKey("openai", env, "http://127.0.0.1:8080/v1").ok).toBe(false);
    expect(environmentApiKey("ollama", env, "http://gpu-box:11434/v1")).toMatchObject({
      apiKey: "none",
    });
  });
});

describe("usage and cost", () => {
  it("cost per component from the catalog prices per million", () => {
    const usage = {
      ...emptyUsage(),
      input: 1_000_000,
      output: 100_000,
      cacheRead: 2_000_000,
      cacheWrite: 10_000,
    };
    const cost = calculateCost(
      { cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 } },
      usage,
    );
    expect(cost.input).toBeCloseTo(3);
    expect(cost.output).toBeCloseTo(1.5);
    expect(cost.cacheRead).toBeCloseTo(0.6);
    expect(cost.cacheWrite).toBeCloseTo(0.0375);
    expect(cost.total).toBeCloseTo(5.1375);
    expect(usage.cost).toBe(cost);
  });
});

describe("apiKeyVariables — what child processes must not inherit", () => {
  it("lists the catalog's key variables, the ones models.json names and its providers' defaults; a literal key is no variable", () => {
    writeModels({
      providers: {
        proxy: {
          baseUrl: "http://h/v1",
          api: "openai-completions",
          apiKey: "MY_PROXY_KEY",
          models: [],
        },
        "my-lab": {
          baseUrl: "http://h/v1",
          api: "openai-completions",
          apiKey: "sk-literal",
          models: [],
        },
      },
    });
    const variables = createModelRegistry({ gongHome: home, env: {} }).apiKeyVariables();
    expect(variables).toEqual(
      expect.arrayContaining([
        "ANTHROPIC_API_KEY",
        "OPENAI_API_KEY",
        "OPENROUTER_API_KEY",
        "MY_PROXY_KEY",
        "PROXY_API_KEY",
        "MY_LAB_API_KEY",
      ]),
    );
    expect(variables).not.toContain("sk-literal");
    expect(new Set(variables).size).toBe(variables.length);
  });
});
