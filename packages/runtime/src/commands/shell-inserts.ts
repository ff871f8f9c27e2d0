/**
 * `` !`command` `` in a command's template: replaced by the command's output, only in a
 * trusted folder — a cloned repository's `.claude/commands` must not run code on the
 * first `/name`. The command runs as the user's own `!cmd` does (the session's bash,
 * provider keys scrubbed from its environment).
 */
import { fillPlaceholders } from "@gong/config-files";
import { commandWithArguments } from "./shell-arguments.js";

const SHELL_INSERT = /!`([^`\n]+)`/g;

export interface ShellRunner {
  /** The command's output as the bash tool reports it. */
  run(command: string, signal?: AbortSignal): Promise<string>;
}

/** The template in parts: text, and the commands to run between them. */
export type TemplatePart = { kind: "text"; text: string } | { kind: "shell"; command: string };

export function templateParts(template: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let last = 0;
  for (const match of template.matchAll(SHELL_INSERT)) {
    parts.push({ kind: "text", text: template.slice(last, match.index) });
    parts.push({ kind: "shell", command: match[1]! });
    last = match.index + match[0].length;
  }
  parts.push({ kind: "text", text: template.slice(last) });
  return parts;
}

/**
 * Runs each command (in order) when `shell` is given, with the command's arguments bound
 * as the shell's variables (`commandWithArguments`); without it the `` !`…` `` stays as
 * text and `refused` is true, so the caller says why once.
 */
export async function insertShellOutputs(
  parts: readonly TemplatePart[],
  args: string,
  shell: ShellRunner | undefined,
  signal?: AbortSignal,
): Promise<{ text: string; refused: boolean }> {
  let text = "";
  let refused = false;
  for (const part of parts) {
    if (part.kind === "text") text += fillPlaceholders(part.text, args);
    else if (!shell) {
      refused = true;
      text += `!\`${part.command}\``;
    } else {
      const output = await shell.run(commandWithArguments(part.command, args), signal);
      text += output.replace(/\n+$/, "");
    }
  }
  return { text, refused };
}
