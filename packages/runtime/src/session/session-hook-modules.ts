import path from "node:path";
import type { Agent, AgentHooks } from "@gong/agent-core";
import { untrustedFolderWarning } from "@gong/config-files";
import { loadHookModules } from "@gong/hooks";
import type { LoadedSettings } from "@gong/settings";
import { untrustedMcpJsonServers } from "@gong/settings";
import type { SessionResources } from "./session-resources.js";
import type { HooksContext } from "./settings-command-hooks.js";

/**
 * The in-process hook modules a session runs: the user's always, the project's only in
 * a trusted folder. Trusting the folder mid-session adds the project's modules at the
 * next settings reload; modules already loaded keep their state.
 */
export class SessionHookModules {
  private files: string[] = [];
  private hooks: AgentHooks[] = [];
  private lastTrustWarning: string | undefined;

  constructor(
    private readonly resources: SessionResources,
    private readonly context: HooksContext,
  ) {}

  /** The modules these settings allow, loaded for the agent about to be built. */
  async load(settings: LoadedSettings): Promise<AgentHooks[]> {
    this.files = this.filesFor(settings);
    this.hooks = await loadSessionHookModules(this.files, this.context);
    return this.hooks;
  }

  /**
   * After a settings change: the agent's modules are swapped when the allowed files
   * differ, in their place in the session's order — just before `before` (the rule
   * checks that follow the hooks), so the confirmations, the mode's question and the
   * checkpoint gate still see the call as a module may have rewritten it.
   */
  async reload(settings: LoadedSettings, agent: Agent, before: AgentHooks): Promise<void> {
    const files = this.filesFor(settings);
    if (files.join("\n") === this.files.join("\n")) return;
    for (const hook of this.hooks) agent.removeHook(hook);
    this.files = files;
    this.hooks = await loadSessionHookModules(files, this.context);
    for (const hook of this.hooks) agent.addHook(hook, before);
  }

  private filesFor(loaded: LoadedSettings): string[] {
    const { hookFiles, projectHookFiles } = this.resources.discover();
    const trusted = loaded.projectTrusted;
    // One line for everything an untrusted folder was denied (settings keys and hook
    // modules); said again only when it changes, not at each reload.
    const trustWarning = untrustedFolderWarning(
      loaded.untrustedSettings,
      trusted ? 0 : projectHookFiles.length,
      untrustedMcpJsonServers(this.context.cwd, loaded),
    );
    if (trustWarning && trustWarning !== this.lastTrustWarning) this.context.warn(trustWarning);
    this.lastTrustWarning = trustWarning;
    // A hooks folder the agent wrote unasked loads none of its modules (@gong/config-files agent-written.ts).
    const allowed = (file: string) =>
      !loaded.agentWritten.some((folder) => path.dirname(file) === folder);
    return (trusted ? [...hookFiles, ...projectHookFiles] : hookFiles).filter(allowed);
  }
}

/** The in-process hook modules of the hooks folders; one that fails to load is reported and skipped. */
async function loadSessionHookModules(
  hookFiles: readonly string[],
  context: Pick<HooksContext, "cwd" | "warn">,
): Promise<AgentHooks[]> {
  if (hookFiles.length === 0) return [];
  const loaded = await loadHookModules(hookFiles, context.cwd);
  for (const error of loaded.errors) context.warn(error);
  return loaded.hooks;
}
