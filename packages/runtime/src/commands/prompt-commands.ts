/**
 * `/name args` for every face (interactive, `-p`, RPC `prompt`, ACP): the session's
 * prompt commands — Markdown files and MCP servers' prompts — listed for menus and
 * expanded into the prompt the model gets. A line that names no command is sent as it
 * is, so `/nosuch` in print mode stays text (apps/cli/test/prompt-commands.test.ts).
 */
import type { PromptScope } from "@gong/agent-core";
import type { PromptCommand, UnknownToolNames } from "@gong/config-files";
import {
  type CommandFolder,
  fillPlaceholders,
  hasPlaceholders,
  loadPromptCommands,
  splitArguments,
} from "@gong/config-files";
import type { ImageContent } from "@gong/llm";
import type { McpServers } from "@gong/mcp";
import type { Tool } from "@gong/tools";
import { attachFiles, fileMentions } from "./file-mentions.js";
import { insertShellOutputs, type ShellRunner, templateParts } from "./shell-inserts.js";
import { runUserBash } from "./user-bash.js";

/** A command as a menu lists it. */
export interface PromptCommandInfo {
  /** Without the slash. */
  name: string;
  description: string;
  argumentHint?: string;
  source: "user" | "project" | "mcp";
  /** The Markdown file (not for an MCP prompt). */
  file?: string;
}

/** What the model gets for one prompt, and what its run may use. */
export interface ExpandedPrompt {
  text: string;
  images: ImageContent[];
  scope?: PromptScope;
}

export type ExpandResult = { ok: true; prompt: ExpandedPrompt } | { ok: false; error: string };

export interface ExpandOptions {
  /** `@path` in the text itself attaches the file (the interactive editor's prompts). */
  attachFiles?: boolean;
  signal?: AbortSignal;
}

export interface PromptCommandsParts {
  folders: readonly CommandFolder[];
  cwd: string;
  warn: (message: string) => void;
  /** Asked at each expansion: trusting the folder mid-session lets `` !`…` `` run. */
  trusted: () => boolean;
  /** The user's `!cmd` bash (provider keys scrubbed); none: `` !`…` `` stays text. */
  bash: Tool | undefined;
  /** The read tool under the session's path policy, for `@path`. */
  read: Tool | undefined;
  mcp: McpServers | undefined;
  /** Whether a command's `model` names a model this session can use. */
  knowsModel: (ref: string) => boolean;
  /** The session's one line for tool names Gong has not; none: one line per file. */
  unknownTools?: UnknownToolNames;
}

const COMMAND_LINE = /^\/(\S+)(?:\s+([\s\S]*))?$/;

export class PromptCommands {
  /** Files are read again at each use; their warnings are said once per session. */
  private readonly reported = new Set<string>();

  constructor(private readonly parts: PromptCommandsParts) {}

  /** The Markdown commands as the disk says now, sorted by name. */
  files(): PromptCommand[] {
    const warn = (message: string) => {
      if (this.reported.has(message)) return;
      this.reported.add(message);
      this.parts.warn(message);
    };
    const unknown = this.parts.unknownTools;
    if (!unknown) return loadPromptCommands(this.parts.folders, warn);
    const files = loadPromptCommands(this.parts.folders, warn, (names) => unknown.add(names));
    unknown.flush();
    return files;
  }

  /** Every command, files first, then the connected MCP servers' prompts. */
  async list(): Promise<PromptCommandInfo[]> {
    const files: PromptCommandInfo[] = this.files().map((command) => ({
      name: command.name,
      description: command.description,
      ...(command.argumentHint ? { argumentHint: command.argumentHint } : {}),
      source: command.scope,
      file: command.file,
    }));
    const prompts = (await this.parts.mcp?.prompts()) ?? [];
    return [
      ...files,
      ...prompts.map((prompt) => ({
        name: prompt.name,
        description: prompt.description,
        ...(prompt.argumentHint ? { argumentHint: prompt.argumentHint } : {}),
        source: "mcp" as const,
      })),
    ];
  }

  /** `/name args` expanded; any other text as it is (with `@path` files when asked). */
  async expand(text: string, options: ExpandOptions = {}): Promise<ExpandResult> {
    const match = COMMAND_LINE.exec(text.trim());
    if (match) {
      const name = match[1]!;
      const args = (match[2] ?? "").trim();
      const command = this.files().find((candidate) => candidate.name === name);
      if (command) return { ok: true, prompt: await this.expandCommand(command, args, options) };
      if (name.startsWith("mcp__") && this.parts.mcp) {
        const prompts = await this.parts.mcp.prompts();
        if (prompts.some((prompt) => prompt.name === name)) {
          return this.expandMcpPrompt(this.parts.mcp, name, args, options);
        }
      }
    }
    if (!options.attachFiles) return { ok: true, prompt: { text, images: [] } };
    const files = await this.attach(fileMentions(text), options.signal);
    return {
      ok: true,
      prompt: { text: [text, ...files.blocks].join("\n\n"), images: files.images },
    };
  }

  /**
   * The template with its placeholders filled, its `` !`…` `` outputs inserted (trusted
   * folder only) and its `@path` files attached. An argument never runs: commands are
   * found in the template only, a placeholder inside one is a shell variable holding the
   * argument (shell-arguments.ts), and arguments the template does not place are
   * appended after the outputs.
   */
  private async expandCommand(
    command: PromptCommand,
    args: string,
    options: ExpandOptions,
  ): Promise<ExpandedPrompt> {
    const parts = templateParts(command.body);
    const fill = (text: string) => fillPlaceholders(text, args);
    const placed = hasPlaceholders(command.body);
    const written = parts.flatMap((part) => (part.kind === "text" ? [fill(part.text)] : []));
    if (!placed && args !== "") written.push(args);
    const mentions = fileMentions(written.join("\n"));
    const inserted = await insertShellOutputs(parts, args, this.shell(), options.signal);
    if (inserted.refused) {
      this.parts.warn(
        `/${command.name}: its !\`…\` commands were not run (this folder is not trusted); run gong --trust here to let them run`,
      );
    }
    // Claude Code's form, which commands written for it expect (apps/cli/test/prompt-commands.test.ts).
    const body = !placed && args !== "" ? `${inserted.text}\n\nARGUMENTS: ${args}` : inserted.text;
    const files = await this.attach(mentions, options.signal);
    const prompt: ExpandedPrompt = {
      text: [body, ...files.blocks].join("\n\n"),
      images: files.images,
    };
    const scope = this.scopeOf(command);
    if (scope) prompt.scope = scope;
    return prompt;
  }

  private async expandMcpPrompt(
    mcp: McpServers,
    name: string,
    args: string,
    options: ExpandOptions,
  ): Promise<ExpandResult> {
    const got = await mcp.getPrompt(name, splitArguments(args), options.signal);
    if (!got.ok) return got;
    return { ok: true, prompt: { text: got.text, images: got.images } };
  }

  private scopeOf(command: PromptCommand): PromptScope | undefined {
    const scope: PromptScope = {};
    if (command.allowedTools) scope.allowedTools = command.allowedTools;
    if (command.model && this.parts.knowsModel(command.model)) scope.model = command.model;
    else if (command.model) {
      this.parts.warn(
        `/${command.name}: model "${command.model}" is not known (gong --list-models lists them); the session's model answers`,
      );
    }
    return Object.keys(scope).length > 0 ? scope : undefined;
  }

  /** Runs `` !`…` `` only in a trusted folder; fails closed when trust is unknown. */
  private shell(): ShellRunner | undefined {
    const { bash, cwd } = this.parts;
    if (!bash || !this.parts.trusted()) return undefined;
    return {
      run: async (command, signal) => (await runUserBash(bash, command, cwd, signal)).result.text,
    };
  }

  private async attach(paths: readonly string[], signal: AbortSignal | undefined) {
    if (paths.length === 0 || !this.parts.read) return { blocks: [], images: [] };
    const attached = await attachFiles(paths, this.parts.read, this.parts.cwd, signal);
    for (const warning of attached.warnings) this.parts.warn(warning);
    return attached;
  }
}
