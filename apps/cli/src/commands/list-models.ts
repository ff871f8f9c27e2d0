import { resolveGongHome } from "@gong/base";
import { ANY_MODEL, type ListedAlias, listModels } from "@gong/llm";
import type { CliArgs } from "../args.js";
import { formatTokens } from "../format-tokens.js";
import type { CliIo } from "../io.js";

/**
 * `--list-models [search]`: a table of provider, id, context, cost; `*` marks what can
 * be used now — a key is configured, or none is needed (local servers, listed as
 * `<model>` since their models are whatever the server has).
 */
export function listModelsCommand(args: CliArgs, io: CliIo): number {
  const search = typeof args.listModels === "string" ? args.listModels : undefined;
  const { models, aliases, warnings } = listModels({
    gongHome: resolveGongHome(io.env),
    env: io.env,
    search,
    apiKey: args.apiKey,
  });
  for (const warning of warnings) io.stderr(`gong: warning: ${warning}\n`);
  if (models.length === 0) {
    io.stderr(`gong: no model matches "${search}". Run gong --list-models to see them all.\n`);
    return 1;
  }
  const rows = models.map((m) => [
    m.hasKey || !m.keyNeeded ? "*" : " ",
    m.provider,
    m.id,
    formatTokens(m.contextWindow),
    formatTokens(m.maxTokens),
    `$${m.cost.input}/$${m.cost.output}`,
  ]);
  const header = [" ", "provider", "model", "context", "max out", "cost in/out per 1M"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  io.stdout(`${[line(header), ...rows.map(line)].join("\n")}\n`);
  io.stdout("* = usable: an API key is configured, or none is needed (local servers)\n");
  printAliases(aliases, io);
  // A provider that lists no models but needs a key (OpenRouter, Groq) is not a local server.
  const local = models.find((m) => m.id === ANY_MODEL && !m.keyNeeded);
  if (local)
    io.stdout(
      `Local servers: start one, then e.g. gong --model ${local.provider}/<model> -p "hi" (requests go to ${local.baseUrl}; --base-url moves it).\n`,
    );
  return 0;
}

/**
 * Claude Code's aliases, per provider: the newest model of the family (highest version in
 * the id). A provider with none of a family keeps the current model, with a note.
 */
function printAliases(aliases: readonly ListedAlias[], io: CliIo): void {
  if (aliases.length === 0) return;
  io.stdout(
    "Aliases (--model, /model, agents' and commands' model:; inherit = the parent's model):\n",
  );
  for (const provider of new Set(aliases.map((a) => a.provider))) {
    const own = aliases.filter((a) => a.provider === provider);
    io.stdout(`  ${provider}: ${own.map((a) => `${a.alias} = ${a.id}`).join(", ")}\n`);
  }
}
