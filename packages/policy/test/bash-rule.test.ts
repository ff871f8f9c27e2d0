import { describe, expect, it } from "vitest";
import { bashCommandMatches } from "../src/bash-rule.js";
import { compileRules, judgeCall } from "../src/permission-rules.js";

const touch = { command: "touch", prefix: true };
const denies = (command: string) => bashCommandMatches(touch, command, "deny");
const allows = (rule: string, command: string) =>
  bashCommandMatches({ command: rule, prefix: true }, command, "allow");

describe("bash rules — a deny rule covers what runs, not the words as typed (issue 37 item 5)", () => {
  it.each([
    ["a 60-part && chain, denied last", [...Array(59).fill("echo x"), "touch f"].join(" && ")],
    ["bash -c", 'bash -c "touch f"'],
    ["sh -c", "sh -c 'touch f'"],
    ["env X=1", "env X=1 touch f"],
    ["command", "command touch f"],
    ["quotes", "'touch' f"],
    ["xargs", "echo f | xargs touch"],
    ["a backslash", "t\\ouch f"],
    ["$(…)", "echo $(touch f)"],
    ["backticks", "echo `touch f`"],
    ["$[…]", "echo $[ $(touch f) ]"],
    ["<(…)", "cat <(touch f)"],
    ["a here-string", "cat <<< $(touch f)"],
    ["a newline", "echo hi\ntouch f"],
    ["a carriage return", "echo hi\rtouch f"],
    ["|| and ;", "false || true; touch f"],
    ["a path", "/usr/bin/touch f"],
    ["sudo", "sudo touch f"],
    ["timeout", "timeout 5 touch f"],
    ["nohup, nice, exec, time", "nohup nice -n 1 exec time touch f"],
    ["find -exec", "find . -exec touch {} \\;"],
  ])("%s", (_form, command) => {
    expect(denies(command)).toBe(true);
  });

  it("does not refuse a line that only mentions the program", () => {
    expect(denies("echo touch")).toBe(false);
    expect(denies("git commit -m 'touch f'")).toBe(false);
  });
});

describe("bash rules — an allow rule must cover every command", () => {
  it("allows launchers that only time or bound a command, nothing else unasked", () => {
    expect(allows("npm test", "npm test && npm test -- --watch")).toBe(true);
    expect(allows("npm test", "timeout 60 env CI=1 npm test")).toBe(true);
    expect(allows("npm test", "npm test; bash -c 'rm -rf x'")).toBe(false);
    expect(allows("npm test", "sudo npm test")).toBe(false);
    expect(allows("npm test", "npm test $(rm -rf x)")).toBe(false);
    expect(allows("npm test", "npm test > out.txt")).toBe(false);
    expect(allows("npm test", "npm test 2>/dev/null")).toBe(true);
    expect(allows("npm test", "eval npm test")).toBe(false);
  });
});

describe("bash rules — a line that cannot be read asks while a bash deny rule exists", () => {
  const scope = { cwd: "/p", home: "/home/u" };
  it.each([
    ["eval", "eval 'touch f'"],
    ["a variable as the program", "$CMD f"],
    ["text piped into a shell", "echo 'touch f' | bash"],
    ["a parse failure", "echo 'touch f"],
  ])("%s", (_form, command) => {
    const rules = compileRules({ allow: ["Bash"], deny: ["Bash(touch:*)"] });
    const judged = judgeCall(rules, "bash", { command }, scope);
    expect(judged).toMatchObject({ verdict: "ask", rule: "Bash(touch:*)" });
    expect(judged.verdict === "ask" && judged.reason).toMatch(/cannot be known before it runs/);
  });

  it("without a bash deny rule it is left to the other checks, and no allow rule covers it", () => {
    const judged = judgeCall(
      compileRules({ allow: ["Bash(echo:*)"] }),
      "bash",
      {
        command: "eval echo hi",
      },
      scope,
    );
    expect(judged).toEqual({ verdict: "none" });
  });

  it("a denied part it can read still refuses the line outright", () => {
    const rules = compileRules({ deny: ["Bash(touch:*)"] });
    expect(judgeCall(rules, "bash", { command: "touch f; eval x" }, scope)).toMatchObject({
      verdict: "deny",
    });
  });
});
