import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createModelRegistry, listModels, modelForRef, resolveModel } from "../src/index.js";
import { newestOfFamily } from "../src/models/model-aliases.js";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "gong-resolve-model-"));
  made.push(dir);
  return dir;
}

function registry(env: NodeJS.ProcessEnv, modelsJson?: unknown) {
  const gongHome = tempDir();
  if (modelsJson) writeFileSync(path.join(gongHome, "models.json"), JSON.stringify(modelsJson));
  return { gongHome, registry: createModelRegistry({ gongHome, env }) };
}

describe("model resolution — flags, provider/model, settings, first provider with a key", () => {
  it("provider/model in --model picks both", () => {
    const { registry: r } = registry({ OPENAI_API_KEY: "sk-o" });
    const result = resolveModel(r, { model: "openai/gpt-unknown-x" }, {});
    expect(result).toMatchObject({
      ok: true,
      apiKey: "sk-o",
      model: { provider: "openai", id: "gpt-unknown-x" },
    });
  });

  it("an unknown id on a known provider works with the provider's default limits", () => {
    const { registry: r } = registry({ ANTHROPIC_API_KEY: "k" });
    const result = resolveModel(r, { provider: "anthropic", model: "claude-future-9" }, {});
    expect(result.ok && result.model.contextWindow).toBe(200_000);
  });

  it("settings defaults apply when no flag says", () => {
    const { registry: r } = registry({ OPENAI_API_KEY: "k" });
    const result = resolveModel(r, {}, { defaultProvider: "openai", defaultModel: "gpt-x" });
    expect(result).toMatchObject({ ok: true, model: { provider: "openai", id: "gpt-x" } });
  });

  it("without any hint, the first provider with a key in the environment", () => {
    const { registry: r } = registry({ OPENAI_API_KEY: "k" });
    const result = resolveModel(r, {}, {});
    expect(result.ok && result.model.provider).toBe("openai");
  });

  it("--api-key wins and --base-url re-points the model", () => {
    const { registry: r } = registry({});
    const result = resolveModel(
      r,
      { provider: "anthropic", apiKey: "flag-key", baseUrl: "http://127.0.0.1:9/" },
      {},
    );
    expect(result).toMatchObject({
      ok: true,
      apiKey: "flag-key",
      model: { baseUrl: "http://127.0.0.1:9" },
    });
  });

  it("no key anywhere → one actionable line, not a usage error", () => {
    const { registry: r } = registry({});
    const result = resolveModel(r, {}, {});
    expect(result).toMatchObject({ ok: false, code: "no_api_key", usage: false });
    expect(!result.ok && result.message).toMatch(/No API key found: set ANTHROPIC_API_KEY/);
  });

  it("a known provider without its key names the variable and --api-key", () => {
    const { registry: r } = registry({});
    const result = resolveModel(r, { provider: "anthropic" }, {});
    expect(result).toMatchObject({ ok: false, code: "no_api_key" });
    expect(!result.ok && result.message).toMatch(/ANTHROPIC_API_KEY.*--api-key/);
  });

  it("an unknown provider is a usage error listing the known ones", () => {
    const { registry: r } = registry({});
    const result = resolveModel(r, { provider: "acme" }, {});
    expect(result).toMatchObject({ ok: false, code: "unknown_provider", usage: true });
    expect(!result.ok && result.message).toMatch(/Unknown provider "acme".*anthropic/);
  });

  it("a mistyped provider prefix is reported, not sent as a model id", () => {
    const { registry: r } = registry({ ANTHROPIC_API_KEY: "k" });
    const result = resolveModel(r, { model: "antropic/claude-x" }, {});
    expect(result).toMatchObject({ ok: false, usage: true });
    expect(!result.ok && result.message).toMatch(/Unknown provider "antropic"/);
  });

  it("a models.json provider is resolved by provider/model, its slashes kept in the id", () => {
    const { registry: r } = registry(
      {},
      {
        providers: {
          box: {
            baseUrl: "http://127.0.0.1:1/v1",
            api: "openai-completions",
            models: [{ id: "org/model-7b" }],
          },
        },
      },
    );
    const result = resolveModel(r, { model: "box/org/model-7b" }, {});
    expect(result).toMatchObject({ ok: true, model: { provider: "box", id: "org/model-7b" } });
  });

  it("listModels filters by search and marks providers with a key", () => {
    const { gongHome } = registry({});
    const { models } = listModels({ gongHome, env: { ANTHROPIC_API_KEY: "k" }, search: "claude" });
    expect(models.length).toBeGreaterThan(0);
    expect(models.every((m) => m.provider === "anthropic" && m.hasKey)).toBe(true);
  });
});

describe("model aliases (issue 38.1) — sonnet, opus, haiku are the newest of the family", () => {
  const box = (ids: string[]) =>
    registry(
      {},
      {
        providers: {
          box: {
            baseUrl: "http://127.0.0.1:1/v1",
            api: "openai-completions",
            models: ids.map((id) => ({ id })),
          },
        },
      },
    ).registry;

  it("the highest version in the id wins, whatever the listing order; a tie goes to the first listed", () => {
    const r = box([
      "claude-3-5-sonnet-20241022",
      "claude-sonnet-4-5",
      "claude-sonnet-4-5-20250929",
      "claude-sonnet-5",
      "claude-sonnet-4-6",
      "claude-3-5-haiku-latest",
      "claude-haiku-4-5",
    ]);
    expect(newestOfFamily(r, "box", "sonnet")?.id).toBe("claude-sonnet-5");
    expect(newestOfFamily(r, "box", "haiku")?.id).toBe("claude-haiku-4-5");
    expect(newestOfFamily(r, "box", "opus")).toBeUndefined();
  });

  it("--model sonnet with no sonnet on the provider falls back to its first model, with a note", () => {
    const r = box(["tiny-coder"]);
    const result = resolveModel(r, { provider: "box", model: "sonnet" }, {});
    expect(result).toMatchObject({
      ok: true,
      model: { id: "tiny-coder" },
      note: 'model "sonnet": provider box has no sonnet model; using box/tiny-coder instead',
    });
  });

  it("--model inherit is the provider's default model, not an id sent as inherit", () => {
    const { registry: r } = registry({ ANTHROPIC_API_KEY: "k" });
    const result = resolveModel(r, { model: "inherit" }, {});
    expect(result.ok && result.model.id).toBe("claude-opus-5-5");
    const current = r.find("anthropic", "claude-haiku-4-5")!;
    const kept = resolveModel(r, { provider: "anthropic", model: "inherit", current }, {});
    expect(kept.ok && kept.model.id).toBe("claude-haiku-4-5");
  });

  it("inherit and an alias in a file follow the model in use", () => {
    const { registry: r } = registry({ ANTHROPIC_API_KEY: "k" });
    const current = r.find("anthropic", "claude-haiku-4-5")!;
    expect(modelForRef(r, "inherit", current)?.model.id).toBe("claude-haiku-4-5");
    expect(modelForRef(r, "opus", current)?.model.id).toBe("claude-opus-5-5");
    const openai = r.find("openai", "gpt-5.4")!;
    expect(modelForRef(r, "opus", openai)).toEqual({
      model: openai,
      note: 'model "opus": provider openai has no opus model; using openai/gpt-5.4 instead',
    });
  });
});
