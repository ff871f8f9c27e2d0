import { resolveCompat } from "../openai-compat.js";
import type { Model } from "../types.js";

/**
 * How a provider constrains tool-call ids (test/transform.test.ts): Anthropic
 * `[a-zA-Z0-9_-]{1,64}`, OpenAI Chat ≤ 40 characters, Mistral exactly 9
 * alphanumerics, Responses `call_id|item_id` (the item half only valid for the model
 * that produced it).
 */
export type ToolCallIdFormat = "anthropic" | "openai" | "mistral" | "responses";

export function toolCallIdFormat(
  model: Pick<Model, "api" | "provider" | "baseUrl" | "compat">,
): ToolCallIdFormat {
  if (model.api === "anthropic-messages") return "anthropic";
  if (model.api === "openai-responses") return "responses";
  // The compat profile (provider, URL hint, models.json override) is the one rule.
  return resolveCompat(model).toolCallIdFormat === "mistral" ? "mistral" : "openai";
}

/**
 * The id to send for `id`. Deterministic, so the same history always maps the same
 * way; `sameModel` keeps a Responses composite id whole (its item id is replayable).
 */
export function normalizeToolCallId(
  id: string,
  format: ToolCallIdFormat,
  sameModel: boolean,
): string {
  const callPart = id.split("|", 1)[0] || id;
  switch (format) {
    case "anthropic":
      return fitLength(callPart.replace(/[^a-zA-Z0-9_-]/g, "_"), 64, id);
    case "openai":
      return fitLength(callPart, 40, id);
    case "mistral":
      return /^[a-zA-Z0-9]{9}$/.test(id) ? id : hashAlphanumeric(id, 9);
    case "responses":
      if (sameModel && id.includes("|")) return id;
      return fitLength(callPart.replace(/[^a-zA-Z0-9_-]/g, "_"), 64, id);
  }
}

function fitLength(candidate: string, max: number, original: string): string {
  if (candidate.length > 0 && candidate.length <= max) return candidate;
  // Too long (or empty): keep a readable prefix and make it unique with a hash.
  const hash = hashAlphanumeric(original, 12);
  return `${candidate.slice(0, max - hash.length - 1)}_${hash}`.replace(/^_/, "t");
}

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** A stable base-62 digest of `text` with exactly `length` characters. */
export function hashAlphanumeric(text: string, length: number): string {
  let out = "";
  for (let round = 0; out.length < length; round++) {
    let hash = 0x811c9dc5 ^ round; // FNV-1a, re-seeded per round for more digits
    for (let i = 0; i < text.length; i++) {
      hash ^= text.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193);
    }
    let value = hash >>> 0;
    for (let digit = 0; digit < 5 && out.length < length; digit++) {
      out += ALPHABET[value % 62];
      value = Math.floor(value / 62);
    }
  }
  return out;
}
