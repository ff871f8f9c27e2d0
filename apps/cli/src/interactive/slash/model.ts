import { ANY_MODEL, isModelAlias, type ListedModel } from "@gong/llm";
import type { PickItem, SlashCommand, SlashContext } from "../contract.js";

type ModelRef = { provider: string; id: string };

/**
 * `/model [query|provider/id]`: an argument naming exactly one usable model switches to
 * it; otherwise a picker over the models of every provider with a key (or none needed),
 * the current one marked, searched by the argument.
 */
export const modelCommand: SlashCommand = {
  name: "model",
  args: "[query|provider/id]",
  description: "switch the model (any provider with a key)",
  async run(args, context) {
    const query = args.trim();
    const usable = usableModels(context);
    const named = query === "" ? [] : usable.filter((m) => matchesExactly(m, query));
    if (named.length === 1) return switchTo(named[0]!, context);
    // `sonnet`, `opus`, `haiku`: the newest of the family on the current provider.
    if (isModelAlias(query))
      return switchTo(
        { provider: context.host.current.models.current.provider, id: query },
        context,
      );
    // `provider/id` of a model the catalogue does not list (a local server's, a new id).
    if (named.length === 0 && query.includes("/") && !query.includes(" ")) {
      const slash = query.indexOf("/");
      return switchTo({ provider: query.slice(0, slash), id: query.slice(slash + 1) }, context);
    }
    const items = modelItems(usable, context.host.current.models.current);
    if (items.length === 0) {
      context.ui.error(
        "No model is usable: set a provider's API key (e.g. ANTHROPIC_API_KEY) and try again.",
      );
      return;
    }
    const matching = query === "" ? items : items.filter((item) => fuzzyIncludes(item, query));
    if (matching.length === 0)
      context.ui.note(`no usable model matches "${query}": all are listed`);
    const shown = matching.length > 0 ? matching : items;
    const picked = await context.ui.pick({
      title: shown === items ? "Model" : `Model matching "${query}"`,
      items: shown,
      initialIndex: Math.max(
        0,
        shown.findIndex((item) => item.label.startsWith("●")),
      ),
    });
    if (picked) await switchTo(picked.value, context);
  },
};

function usableModels(context: SlashContext) {
  return usableOf(context.host.current.models.available());
}

/** The models that can be used now: a key is configured, or none is needed. */
export function usableOf(models: readonly ListedModel[]): ListedModel[] {
  return models.filter((m) => (m.hasKey || !m.keyNeeded) && m.id !== ANY_MODEL);
}

/** The picker's rows, `provider/id` and the name; the current model marked ●. */
export function modelItems(
  models: readonly ListedModel[],
  current?: ModelRef,
): PickItem<ModelRef>[] {
  return models.map((m) => {
    const isCurrent = m.provider === current?.provider && m.id === current?.id;
    return {
      value: m,
      label: `${isCurrent ? "● " : "  "}${m.provider}/${m.id}`,
      detail: m.name !== m.id ? m.name : undefined,
    };
  });
}

/** `claude-sonnet-5-5` or `anthropic/claude-sonnet-4-5`. */
function matchesExactly(model: ModelRef, query: string): boolean {
  return query === model.id || query === `${model.provider}/${model.id}`;
}

function fuzzyIncludes(item: PickItem<ModelRef>, query: string): boolean {
  const text = `${item.value.provider}/${item.value.id} ${item.detail ?? ""}`.toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .every((word) => text.includes(word));
}

async function switchTo(model: ModelRef, context: SlashContext): Promise<void> {
  const switched = context.host.current.models.switch(model.provider, model.id);
  if (!switched.ok) {
    context.ui.error(switched.error);
    return;
  }
  if (switched.note !== undefined) context.ui.warn(switched.note);
  context.ui.note(`model: ${switched.model.provider}/${switched.model.id}`);
  const level = context.host.current.models.thinkingLevel;
  if (level !== "off" && !switched.model.reasoning)
    context.ui.warn(
      `${switched.model.provider}/${switched.model.id} does not support reasoning: thinking ${level} is ignored.`,
    );
}
