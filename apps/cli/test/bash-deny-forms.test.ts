import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, sandbox, writeSettings } from "./harness.js";

const mock = useMockLlmServer();

interface Block {
  type: string;
  text?: string;
  tool_use_id?: string;
  content?: string | Block[];
}

/** The text of each tool result the model was sent, by tool call id. */
function toolResults(): Map<string, string> {
  const results = new Map<string, string>();
  const body = mock.requests.at(-1)?.body as { messages: { content: string | Block[] }[] };
  for (const message of body.messages) {
    if (typeof message.content === "string") continue;
    for (const block of message.content) {
      if (block.type !== "tool_result" || !block.tool_use_id) continue;
      const content = block.content ?? "";
      const text =
        typeof content === "string" ? content : content.map((b) => b.text ?? "").join("");
      results.set(block.tool_use_id, text);
    }
  }
  return results;
}

/** Each command creates its own file (`f<n>`) if it runs. */
const CHAIN = [...Array.from({ length: 59 }, (_, i) => `echo ${i}`), "touch f01"].join(" && ");
const DENIED_FORMS: [string, string][] = [
  ["a 60-part && chain, the last part denied", CHAIN],
  ["bash -c", 'bash -c "touch f02"'],
  ["env X=1", "env X=1 touch f03"],
  ["command", "command touch f04"],
  ["a quoted program", "'touch' f05"],
  ["xargs", "echo f06 | xargs touch"],
  ["a backslash in the program", "t\\ouch f07"],
  ["$(…)", "echo $(touch f08)"],
  ["a newline", "echo hi\ntouch f09"],
  ["a carriage return", "echo hi\rtouch f10"],
  [";", "true; touch f11"],
  ["|", "echo x | touch f12"],
  ["||", "false || touch f13"],
  ["backticks", "echo `touch f14`"],
  ["$[…]", "echo $[ $(touch f15) ]"],
  ["<(…)", "cat <(touch f16)"],
  ["a here-string", "cat <<< $(touch f17)"],
  ["sh -c", "sh -c 'touch f18'"],
  ["exec", "exec touch f19"],
  ["nohup", "nohup touch f20"],
  ["time", "time touch f21"],
  ["timeout", "timeout 60 touch f22"],
  ["nice", "nice -n 1 touch f23"],
  ["find -exec", "find . -maxdepth 0 -exec touch f24 \\;"],
  ["a path to the program", "/usr/bin/env touch f25"],
  ["$'…' quoting", "$'\\x74ouch' f26"],
  ["a function body", "g() { touch f32; }; g"],
  ["trap", "trap 'touch f33' EXIT"],
];
/** Lines whose programs cannot be known before they run: asked about, which -p denies. */
const UNKNOWABLE_FORMS: [string, string][] = [
  ["eval", 'eval "touch f27"'],
  ["a variable as the program", "C=touch; $C f28"],
  ["text piped into a shell", "echo 'touch f29' | bash"],
  ["source", "source ./make-f30.sh"],
  ["a line that does not parse", 'echo "$(touch f31"'],
];

describe("permissions — Bash(touch:*) denies every form of touch (issue 37 item 5)", () => {
  it("gong -p: no form creates its file; each says which rule refused it or why it asks", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { permissions: { allow: ["Bash"], deny: ["Bash(touch:*)"] } });
    writeFileSync(path.join(box.cwd, "make-f30.sh"), "touch f30\n");
    const forms = [...DENIED_FORMS, ...UNKNOWABLE_FORMS];
    mock.enqueue([
      toolCallResponse(
        forms.map(([, command], index) => ({
          id: `toolu_${index}`,
          name: "bash",
          arguments: { command },
        })),
      ),
      textResponse("finished"),
    ]);
    const run = await runGong(["-p", "touch them"], box);
    expect(run.code, run.stderr).toBe(0);

    const results = toolResults();
    const created = forms.filter(([, command]) => {
      const file = /f\d\d/.exec(command)?.[0] ?? "";
      return existsSync(path.join(box.cwd, file));
    });
    expect(created.map(([form]) => form)).toEqual([]);
    DENIED_FORMS.forEach(([form], index) => {
      expect(results.get(`toolu_${index}`), form).toContain(
        "bash refused by the permissions.deny rule Bash(touch:*) in the settings",
      );
    });
    UNKNOWABLE_FORMS.forEach(([form], offset) => {
      const text = results.get(`toolu_${DENIED_FORMS.length + offset}`);
      expect(text, form).toContain("denied: needs confirmation");
      expect(text, form).toContain("cannot be known before it runs");
    });
  });

  it("an allowed command still runs beside the deny rule", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { permissions: { deny: ["Bash(touch:*)"] } });
    mock.enqueue([
      toolCallResponse([{ name: "bash", arguments: { command: "echo touch > made" } }]),
      textResponse("finished"),
    ]);
    const run = await runGong(["-p", "write it"], box);
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(path.join(box.cwd, "made"))).toBe(true);
  });
});
