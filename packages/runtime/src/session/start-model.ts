import { type Model, type ModelResolution, resolveModel, type ThinkingLevel } from "@gong/llm";
import type { SessionContext, SessionStore } from "@gong/session-store";
import { openStore, storeFailure } from "./open-store.js";
import type { CodingSessionError } from "./options.js";
import type { SessionInputs } from "./session-inputs.js";

/** The session file, its conversation so far and the model the session starts with. */
export interface OpenedSession {
  store: SessionStore;
  context: SessionContext;
  model: Model;
}

export type OpenedSessionResult =
  | { ok: true; value: OpenedSession }
  | { ok: false; error: CodingSessionError };

/**
 * Opens (and locks) the session file. A new file is created only once the model is
 * known, so a missing key or a mistyped model leaves no empty session behind; a resumed
 * one is read first, since the model it last used is in it. Nothing stays locked on failure.
 */
export function openSessionFile(inputs: SessionInputs): OpenedSessionResult {
  const early = inputs.choice.kind === "open" ? undefined : pickModel(inputs, undefined);
  if (early && !early.ok) return { ok: false, error: modelFailure(early) };

  const opened = openStore(inputs.choice, inputs.where);
  if (!opened.ok) return { ok: false, error: storeFailure(opened.error) };
  const store = opened.value;
  try {
    const context = store.buildContext();
    const resolved = early ?? pickModel(inputs, context);
    if (!resolved.ok) {
      store.close();
      return { ok: false, error: resumedModelFailure(inputs, context, resolved) };
    }
    return { ok: true, value: { store, context, model: resolved.model } };
  } catch (error) {
    store.close();
    throw error;
  }
}

/**
 * Flags win; a resumed session keeps the model it last used; then settings. A settings
 * default that names no known provider or model is not fatal (nothing in a settings
 * file is): one warning at its `file:line:column`, and the model is picked without it.
 */
function pickModel(inputs: SessionInputs, context: SessionContext | undefined): ModelResolution {
  const resolved = pickNamedModel(inputs, context);
  // `--model sonnet` on a provider with no sonnet: the session opens on another model.
  if (resolved.ok && resolved.note !== undefined) inputs.warn(resolved.note);
  // No key is no reason not to open: the first model call says which key to set.
  if (!resolved.ok && resolved.keyless && inputs.options.allowMissingApiKey) {
    return { ok: true, model: resolved.keyless, apiKey: "" };
  }
  return resolved;
}

function pickNamedModel(
  inputs: SessionInputs,
  context: SessionContext | undefined,
): ModelResolution {
  const { options, loaded } = inputs;
  const named = options.provider !== undefined || options.model !== undefined;
  const request = {
    provider: options.provider ?? (named ? undefined : context?.model?.provider),
    model: options.model ?? (named ? undefined : context?.model?.modelId),
    apiKey: options.apiKey,
    baseUrl: options.baseUrl,
  };
  const resolved = resolveModel(inputs.registry, request, loaded.settings);
  const { defaultProvider, defaultModel } = loaded.settings;
  if (resolved.ok || !resolved.usage || (!defaultProvider && !defaultModel)) return resolved;
  const without = resolveModel(inputs.registry, request, {});
  // The settings were not what broke it: the flags' own error stands.
  if (!without.ok && without.message === resolved.message) return resolved;
  const keys = [defaultProvider && "defaultProvider", defaultModel && "defaultModel"];
  const ignored = keys.filter((key): key is string => Boolean(key));
  const where = loaded.origins[ignored[0]!];
  const what = `the settings' ${ignored.join(" and ")} ${ignored.length > 1 ? "were" : "was"} ignored`;
  inputs.warn(`${where ? `${where}: ` : ""}${withoutPeriod(resolved.message)}; ${what}`);
  return without;
}

function withoutPeriod(message: string): string {
  return message.replace(/\.$/, "");
}

function modelFailure({ code, message, usage }: Extract<ModelResolution, { ok: false }>) {
  return { code, message, usage } satisfies CodingSessionError;
}

/**
 * A resumed session whose model has no key in this shell (issue 22.8): one line naming
 * the model and the key, and how to go on with another model — not the first-run advice,
 * since other models may well have keys here.
 */
function resumedModelFailure(
  inputs: SessionInputs,
  context: SessionContext,
  failure: Extract<ModelResolution, { ok: false }>,
): CodingSessionError {
  const { options } = inputs;
  const named = options.provider !== undefined || options.model !== undefined;
  if (failure.code !== "no_api_key" || named || !context.model) return modelFailure(failure);
  const model = `${context.model.provider}/${context.model.modelId}`;
  return {
    code: "resumed_model_no_key",
    message: `This session last used ${model}: ${failure.message} Or continue it with another model: --model <provider/id> (gong --list-models marks the usable ones).`,
    usage: false,
    model,
  };
}

/**
 * `--thinking` wins; a resumed session keeps its level; then settings; else off.
 * `--thinking` for a model without reasoning is warned about here, once, at the start.
 */
export function startThinkingLevel(inputs: SessionInputs, opened: OpenedSession): ThinkingLevel {
  const { options } = inputs;
  const { model, context } = opened;
  if (options.thinking && options.thinking !== "off" && !model.reasoning)
    inputs.warn(
      `${model.provider}/${model.id} does not support reasoning; --thinking ${options.thinking} is ignored.`,
    );
  const resumed = context.messages.length > 0;
  return (
    options.thinking ??
    (resumed ? context.thinkingLevel : undefined) ??
    inputs.loaded.settings.defaultThinkingLevel ??
    "off"
  );
}
