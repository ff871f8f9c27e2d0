import path from "node:path";
import { pathToFileURL } from "node:url";
import type { AgentHooks } from "@gong/agent-core";

export interface LoadedHookModules {
  hooks: AgentHooks[];
  /** One message per module that could not be loaded; the others still load. */
  errors: string[];
}

type HookExport =
  | AgentHooks
  | AgentHooks[]
  | (() => AgentHooks | AgentHooks[] | Promise<AgentHooks | AgentHooks[]>);

async function importModule(file: string): Promise<Record<string, unknown>> {
  if (/\.(c|m)?ts$/.test(file)) {
    // TypeScript hooks load through jiti, so users need no build step (as in pi).
    const { createJiti } = await import("jiti");
    const jiti = createJiti(import.meta.url, { moduleCache: false });
    return (await jiti.import(file)) as Record<string, unknown>;
  }
  return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
}

/**
 * Loads hook modules from paths (settings `hooks.modules`, or the files of
 * `.gong/hooks/` that the runtime lists). A module's default export is a hooks object,
 * an array of them, or a function returning either.
 */
export async function loadHookModules(
  files: readonly string[],
  cwd = process.cwd(),
): Promise<LoadedHookModules> {
  const hooks: AgentHooks[] = [];
  const errors: string[] = [];
  for (const file of files) {
    const absolute = path.resolve(cwd, file);
    try {
      const module = await importModule(absolute);
      let exported = (module.default ?? module) as HookExport;
      if (typeof exported === "function") exported = await exported();
      const list = Array.isArray(exported) ? exported : [exported];
      for (const [index, hook] of list.entries()) {
        if (!hook || typeof hook !== "object") {
          throw new Error(
            "the default export is not a hooks object, an array of them, or a function returning one",
          );
        }
        const name = hook.name ?? `${path.basename(absolute)}${list.length > 1 ? `#${index}` : ""}`;
        // Mutated, not copied: a class instance would lose its methods in a spread.
        if (!hook.name) hook.name = name;
        hooks.push(hook);
      }
    } catch (error) {
      errors.push(
        `Could not load hook module ${absolute}: ${error instanceof Error ? error.message : String(error)}. Fix or remove it; the other hooks still run.`,
      );
    }
  }
  return { hooks, errors };
}
