import type { Model } from "../types.js";
import type { ModelRegistry } from "./registry.js";

/**
 * Claude Code's model aliases (agent and command front matter `model:`, `--model`,
 * `/model`): a family name that stands for the newest model of that family the provider
 * offers, so a file written for Claude Code does not send `"sonnet"` as a model id.
 * `inherit` (agents) is the parent's model.
 */
export const MODEL_ALIASES = ["sonnet", "opus", "haiku"] as const;
export type ModelAlias = (typeof MODEL_ALIASES)[number];

export const INHERIT_MODEL = "inherit";

export function isModelAlias(ref: string): ref is ModelAlias {
  return (MODEL_ALIASES as readonly string[]).includes(ref.toLowerCase());
}

/**
 * The newest model of `alias`'s family that `provider` lists (catalog and models.json):
 * one whose id has the family as a word (`claude-sonnet-4-5`, `claude-3-5-haiku-latest`).
 * "Newest" is the highest version read from the numbers in the id, compared left to
 * right (`sonnet-5-5` > `sonnet-5` > `sonnet-4-6`); a tie goes to the one listed first
 * (the catalog lists newest first). Undefined when the provider has no such model.
 */
export function newestOfFamily(
  registry: ModelRegistry,
  provider: string,
  alias: ModelAlias,
): Model | undefined {
  const family = alias.toLowerCase();
  const members = registry.list(provider).filter((model) =>
    model.id
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .includes(family),
  );
  let newest: Model | undefined;
  for (const model of members) {
    if (!newest || compareVersions(versionOf(model.id), versionOf(newest.id)) > 0) newest = model;
  }
  return newest;
}

/** `claude-sonnet-4-5-20250929` → [4, 5, 20250929]. */
function versionOf(id: string): number[] {
  return (id.match(/\d+/g) ?? []).map(Number);
}

function compareVersions(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const difference = (a[i] ?? -1) - (b[i] ?? -1);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** What each alias means on `provider` now, for `gong --list-models`. */
export function aliasTargets(
  registry: ModelRegistry,
  provider: string,
): { alias: ModelAlias; model: Model | undefined }[] {
  return MODEL_ALIASES.map((alias) => ({
    alias,
    model: newestOfFamily(registry, provider, alias),
  }));
}

/** The one note for an alias the provider has no model for. */
export function aliasFallbackNote(alias: string, fallback: Pick<Model, "provider" | "id">): string {
  return `model "${alias}": provider ${fallback.provider} has no ${alias.toLowerCase()} model; using ${fallback.provider}/${fallback.id} instead`;
}
