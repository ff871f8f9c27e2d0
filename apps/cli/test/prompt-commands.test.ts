import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type RecordedRequest, textResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, sandbox } from "./harness.js";

const mock = useMockLlmServer();

/** The text of the last user message of a request. */
function lastUserText(request: RecordedRequest | undefined): string {
  if (!request) throw new Error("the mock received no request");
  const { messages } = request.body as { messages: { role: string; content: unknown }[] };
  const last = messages.filter((m) => m.role === "user").at(-1)!;
  const content = last.content;
  if (typeof content === "string") return content;
  return (content as { type: string; text?: string }[])
    .map((part) => part.text ?? `[${part.type}]`)
    .join("");
}

function writeFile(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

describe("prompt commands — /name args in print mode", () => {
  it("a project command expands with its arguments, and @path attaches the file, in the request the mock receives", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeFile(
      path.join(box.cwd, ".gong", "commands", "review.md"),
      "---\ndescription: Review a file\nargument-hint: <file> [focus]\n---\nReview @$1 with a focus on $2.\nAll: $ARGUMENTS\n",
    );
    writeFile(path.join(box.cwd, "src", "a.ts"), "export const answer = 42;\n");
    mock.enqueue(textResponse("reviewed"));
    const run = await runGong(["-p", '/review src/a.ts "speed and size"'], box);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("reviewed\n");
    const text = lastUserText(mock.requests[0]);
    expect(text).toContain(
      'Review @src/a.ts with a focus on speed and size.\nAll: src/a.ts "speed and size"',
    );
    expect(text).toContain('<file path="src/a.ts">\nexport const answer = 42;');
  });

  it(".claude/commands are found: a sub-folder gives /folder:name; the project's beat the user's, with a note", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const user = path.join(box.home, ".claude", "commands", "git", "log.md");
    const project = path.join(box.cwd, ".claude", "commands", "git", "log.md");
    writeFile(user, "User log of $ARGUMENTS\n");
    writeFile(project, "Project log of $ARGUMENTS\n");
    mock.enqueue(textResponse("logged"));
    const run = await runGong(["-p", "/git:log main"], box);
    expect(run.code).toBe(0);
    expect(lastUserText(mock.requests[0])).toBe("Project log of main");
    expect(run.stderr).toBe(`gong: warning: /git:log: ${project} is used, not ${user}\n`);
  });

  it("an unknown /nosuch is sent as text", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(textResponse("as text"));
    const run = await runGong(["-p", "/nosuch hello"], box);
    expect(run.code).toBe(0);
    expect(lastUserText(mock.requests[0])).toBe("/nosuch hello");
  });

  it("a file whose front matter neither YAML nor a line per field reads is one warning; the other commands load", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const broken = path.join(box.cwd, ".gong", "commands", "broken.md");
    writeFile(broken, "---\n  [unclosed\n---\nBroken.\n");
    writeFile(path.join(box.cwd, ".gong", "commands", "fine.md"), "Fine with $ARGUMENTS\n");
    mock.enqueue(textResponse("ok"));
    const run = await runGong(["-p", "/fine args"], box);
    expect(run.code).toBe(0);
    expect(lastUserText(mock.requests[0])).toBe("Fine with args");
    expect(run.stderr).toMatch(
      /^gong: warning: .*broken\.md: its front matter is neither valid YAML .*the command \/broken was skipped\n$/,
    );
  });

  it("allowed-tools and model apply to that prompt's run only", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeFile(
      path.join(box.cwd, ".gong", "commands", "look.md"),
      "---\nallowed-tools: Read, Grep\nmodel: claude-haiku-4-5\n---\nLook around.\n",
    );
    mock.enqueue([textResponse("looked"), textResponse("plain")]);
    const first = await runGong(["-p", "/look"], box);
    expect(first.stderr).toBe("");
    const second = await runGong(["-p", "hello"], box);
    expect(second.code).toBe(0);
    const [scoped, plain] = mock.requests.map(
      (request) => request.body as { model: string; tools?: { name: string }[] },
    );
    expect(scoped?.tools?.map((tool) => tool.name)).toEqual(["read", "grep"]);
    expect(scoped?.model).toBe("claude-haiku-4-5");
    expect(plain?.tools?.map((tool) => tool.name)).toContain("bash");
    expect(plain?.model).not.toBe("claude-haiku-4-5");
  });
});

describe("prompt commands — !`command` runs only in a trusted folder", () => {
  // The key's variable is read by the shell, not by this file.
  const COMMAND = "Status:\n!`echo shell-$((40 + 2)) key=$" + "{ANTHROPIC_API_KEY:-none}`\n";

  it("untrusted: the command is left as text, with one warning", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeFile(path.join(box.cwd, ".gong", "commands", "status.md"), COMMAND);
    mock.enqueue(textResponse("ok"));
    const run = await runGong(["-p", "/status"], box);
    expect(run.code).toBe(0);
    expect(lastUserText(mock.requests[0])).toBe(COMMAND.trim());
    expect(run.stderr).toBe(
      "gong: warning: /status: its !`…` commands were not run (this folder is not trusted); run gong --trust here to let them run\n",
    );
  });

  it("trusted: its output takes the command's place, and the provider key is not in its environment", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeFile(path.join(box.cwd, ".gong", "commands", "status.md"), COMMAND);
    mock.enqueue(textResponse("ok"));
    const run = await runGong(["--trust", "-p", "/status"], box);
    expect(run.code).toBe(0);
    expect(lastUserText(mock.requests[0])).toBe("Status:\nshell-42 key=none");
  });
});

describe("prompt commands — an argument never runs, whatever quotes the !`command` puts it in (issue 34.4)", () => {
  const ARGS = "'$(touch pwned)' '`touch pwned2`'";
  it.each([
    ['"$ARGUMENTS"', 'git log --grep="$ARGUMENTS" 2>&1; echo "<$ARGUMENTS>"', `<${ARGS}>`],
    ['"$1"', 'echo "<$1>" "<$2>"', "<$(touch pwned)> <`touch pwned2`>"],
    ["unquoted", "echo $ARGUMENTS $1", "$(touch pwned) `touch pwned2` $(touch pwned)"],
    ["single-quoted", "echo '<$1>' '<$ARGUMENTS>'", `<$(touch pwned)> <${ARGS}>`],
  ])(
    "%s: no file created, and the argument reaches the command as text",
    async (_, command, out) => {
      const box = sandbox(mock.anthropicBaseUrl);
      writeFile(path.join(box.cwd, ".gong", "commands", "find.md"), `Found:\n!\`${command}\`\n`);
      mock.enqueue(textResponse("ok"));
      const run = await runGong(["--trust", "-p", `/find ${ARGS}`], box);
      expect(run.code, run.stderr).toBe(0);
      expect(lastUserText(mock.requests[0]).split("\n").at(-1)).toBe(out);
      expect(existsSync(path.join(box.cwd, "pwned"))).toBe(false);
      expect(existsSync(path.join(box.cwd, "pwned2"))).toBe(false);
    },
  );
});
