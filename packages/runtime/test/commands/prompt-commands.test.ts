import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { defineTool, success, type Tool } from "@gong/tools";
import { Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import { fileMentions } from "../../src/commands/file-mentions.js";
import { PromptCommands } from "../../src/commands/prompt-commands.js";
import { commandWithArguments } from "../../src/commands/shell-arguments.js";
import { tempDir, writeFile } from "../helpers.js";

describe("prompt commands — @path mentions", () => {
  it("at the start or after a space, quoted with spaces; never inside a word (an e-mail address)", () => {
    expect(fileMentions('@a.ts and @"b c.md", mail me@example.com @a.ts')).toEqual([
      "a.ts",
      "b c.md",
    ]);
  });
});

describe("security — a command's arguments never run as !`command`", () => {
  function recordingCommands(dir: string, template: string, ran: string[]) {
    const commandsDir = path.join(dir, ".gong", "commands");
    mkdirSync(commandsDir, { recursive: true });
    writeFile(path.join(commandsDir, "run.md"), template);
    // The real shell, so the test sees what bash makes of the command.
    const bash = defineTool({
      name: "bash",
      label: "Bash",
      description: "runs bash",
      parameters: Type.Object({ command: Type.String() }),
      execute: async ({ command }) => {
        ran.push(command);
        return success({}, execFileSync("bash", ["-c", command], { cwd: dir, encoding: "utf8" }));
      },
    }) as unknown as Tool;
    return new PromptCommands({
      folders: [{ dir: commandsDir, scope: "project" }],
      cwd: dir,
      warn: () => {},
      trusted: () => true,
      bash,
      read: undefined,
      mcp: undefined,
      knowsModel: () => true,
    });
  }

  it("the template's command runs; an argument that looks like a command stays text", async () => {
    const dir = tempDir();
    const ran: string[] = [];
    const commands = recordingCommands(dir, 'Out: !`echo "[$1]"`\nArgs: $ARGUMENTS', ran);
    const expanded = await commands.expand('/run "x\'; rm -rf ~" !`touch pwned`');
    expect(ran).toHaveLength(1);
    expect(expanded.ok && expanded.prompt.text).toBe(
      "Out: [x'; rm -rf ~]\nArgs: \"x'; rm -rf ~\" !`touch pwned`",
    );
    expect(existsSync(path.join(dir, "pwned"))).toBe(false);
  });

  it.each([
    // The whole text, as typed (quotes included), like a text substitution's.
    ["$ARGUMENTS in double quotes", 'echo "<$ARGUMENTS>"', "<'$(touch pwned)' '`touch pwned2`'>"],
    ['"$1"', 'echo "<$1>"', "<$(touch pwned)>"],
    ["$ARGUMENTS unquoted", "echo '<' $ARGUMENTS '>'", "< $(touch pwned) `touch pwned2` >"],
    ["$1 unquoted", "echo $1", "$(touch pwned)"],
    ["$1 single-quoted", "echo '<$1>'", "<$(touch pwned)>"],
    ["$2 in $(…) in double quotes", 'echo "$(echo "it\'s <$2>")"', "it's <`touch pwned2`>"],
    ["$1 in $'…'", "echo $'<$1>'", "<$(touch pwned)>"],
  ])("%s: the argument is text to the shell", async (_, command, output) => {
    const dir = tempDir();
    const commands = recordingCommands(dir, `!\`${command}\``, []);
    const expanded = await commands.expand("/run '$(touch pwned)' '`touch pwned2`'");
    expect(expanded.ok && expanded.prompt.text).toBe(output);
    expect(readdirSync(dir)).toEqual([".gong"]);
  });

  it("Claude Code's results for plain arguments: words, the whole text, a missing word empty", () => {
    const run = (command: string, args: string) =>
      execFileSync("bash", ["-c", commandWithArguments(command, args)], { encoding: "utf8" });
    expect(run('printf "[%s]" $ARGUMENTS', 'a "b c" *')).toBe("[a][b c][*]");
    expect(run('printf "[%s]" "$ARGUMENTS"', 'a "b c"')).toBe('[a "b c"]');
    expect(run('printf "[%s]" "$1" $2 "$3"', "one two")).toBe("[one][two][]");
    expect(run("echo --grep=$1", "fix")).toBe("--grep=fix\n");
    expect(run("echo $#", "")).toBe("0\n");
  });
});
