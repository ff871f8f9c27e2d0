import { describe, expect, it } from "vitest";
import { commandPrograms } from "../src/index.js";

/** The programs a line runs, each with its arguments, as one string per command. */
function runs(line: string): string[] {
  const found = commandPrograms(line);
  expect(found.unknown, `unexpectedly unknowable: ${line}`).toBeUndefined();
  return found.commands.map((command) => [command.program, ...command.args].join(" "));
}

function unknowable(line: string): string {
  const reason = commandPrograms(line).unknown;
  expect(reason, `should be unknowable: ${line}`).toBeDefined();
  return reason ?? "";
}

describe("command programs — every simple command of a line (issue 37 item 5)", () => {
  it("splits at &&, ;, |, ||, &, newlines and carriage returns", () => {
    expect(runs("a 1 && b 2; c | d || e & f\ng\rh")).toEqual([
      "a 1",
      "b 2",
      "c",
      "d",
      "e",
      "f",
      "g",
      "h",
    ]);
  });

  it("finds the last of a 60-part && chain", () => {
    const chain = [...Array.from({ length: 59 }, (_, i) => `echo ${i}`), "touch f"].join(" && ");
    expect(runs(chain).at(-1)).toBe("touch f");
    expect(runs(chain)).toHaveLength(60);
  });

  it("removes quotes and backslashes as bash does ('touch', t\\ouch, $'\\x74ouch', \"to\"uch)", () => {
    expect(runs("'touch' f")).toEqual(["touch f"]);
    expect(runs("t\\ouch f")).toEqual(["touch f"]);
    expect(runs("$'\\x74ouch' f")).toEqual(["touch f"]);
    expect(runs('"to"uch "a b"')).toEqual(["touch a b"]);
    expect(runs("tou\\\nch f")).toEqual(["touch f"]);
  });

  it("reads inside $(…), backticks, parameter defaults, $((…)), $[…], <(…), >(…), here-strings and here-documents", () => {
    expect(runs("echo $(touch a)")).toContain("touch a");
    expect(runs("echo `touch b`")).toContain("touch b");
    // biome-ignore lint/suspicious/noTemplateCurlyInString: bash's own ${…}, read as bash reads it
    expect(runs('echo "${X:-$(touch c)}"')).toContain("touch c");
    expect(runs("echo $(( $(touch d) + 1 ))")).toContain("touch d");
    expect(runs("echo $[ $(touch e) ]")).toContain("touch e");
    expect(runs("cat <(touch f)")).toContain("touch f");
    expect(runs("tee >(touch g)")).toContain("touch g");
    expect(runs("cat <<< $(touch h)")).toContain("touch h");
    expect(runs("cat <<EOF\n$(touch i)\nEOF")).toContain("touch i");
    expect(runs("cat <<'EOF'\n$(touch j)\nEOF")).not.toContain("touch j");
    expect(runs('echo "`touch k`"')).toContain("touch k");
    expect(runs("echo $((touch l) )")).toContain("touch l");
    expect(runs("((touch m) )")).toContain("touch m");
    expect(runs("(( i = 1 + 2 ))")).toEqual([]);
  });

  it("reads subshells, groups, if, while, functions and assignments", () => {
    expect(runs("(touch a) && { touch b; }")).toEqual(["touch a", "touch b"]);
    expect(runs("if true; then touch c; fi")).toEqual(["true", "touch c"]);
    expect(runs("while false; do touch d; done")).toEqual(["false", "touch d"]);
    expect(runs("f() { touch e; }; f")).toEqual(["touch e", "f"]);
    expect(runs("function g { touch e2; }; function h() { touch e3; }")).toEqual([
      "touch e2",
      "touch e3",
    ]);
    expect(runs("arr=(a 'b c' $(touch e4)); echo $arr")).toEqual(["touch e4", "echo $arr"]);
    expect(runs("coproc worker { touch e6; }")).toContain("touch e6");
    expect(runs("watch -n 1 'touch e7'")).toContain("touch e7");
    expect(runs("su -c 'touch e8' root")).toContain("touch e8");
    expect(runs("trap 'touch e5' EXIT; trap - EXIT")).toEqual([
      "trap touch e5 EXIT",
      "touch e5",
      "trap - EXIT",
    ]);
    expect(runs("X=1 Y=$(touch g) touch h")).toEqual(["touch g", "touch h"]);
    expect(runs("for x in a b; do touch $x; done")).toEqual(["touch $x"]);
    expect(runs("! touch i")).toEqual(["touch i"]);
    expect(runs("time -p touch j")).toEqual(["touch j"]);
  });

  it("follows launchers: env, command, exec, nohup, time, nice, timeout, sudo, xargs, find -exec", () => {
    const inner = (line: string) => runs(line).at(-1);
    expect(inner("env X=1 touch f")).toBe("touch f");
    expect(inner("env -i -u HOME X=1 touch f")).toBe("touch f");
    expect(inner("/usr/bin/env touch f")).toBe("touch f");
    expect(inner("command touch f")).toBe("touch f");
    expect(inner("exec -a name touch f")).toBe("touch f");
    expect(inner("nohup touch f")).toBe("touch f");
    expect(inner("/usr/bin/time -o out touch f")).toBe("touch f");
    expect(inner("nice -n 5 touch f")).toBe("touch f");
    expect(inner("timeout -s KILL 5 touch f")).toBe("touch f");
    expect(inner("sudo -u root X=1 touch f")).toBe("touch f");
    expect(inner("echo f | xargs -0 -I {} touch {}")).toBe("touch {}");
    expect(inner("echo f | xargs touch")).toBe("touch");
    expect(runs("find . -name x -exec touch {} \\; -exec rm {} +")).toEqual([
      "find . -name x -exec touch {} ; -exec rm {} +",
      "touch {}",
      "rm {}",
    ]);
    expect(commandPrograms("env X=1 touch f").commands[0]?.launcher).toBe(true);
    expect(runs("command -v touch")).toEqual(["command -v touch"]);
  });

  it("reads bash -c, sh -c and zsh -c text again, at any depth", () => {
    expect(runs('bash -c "touch f"')).toContain("touch f");
    expect(runs("sh -ec 'cd x && touch f'")).toContain("touch f");
    expect(runs('zsh -c \'bash -c "sh -c \\"touch f\\""\'')).toContain("touch f");
    expect(runs("env -S 'touch f'")).toContain("touch f");
    expect(runs("bash script.sh")).toEqual(["bash script.sh"]);
  });

  it("notes redirections that write files; /dev/null and fd copies do not count", () => {
    expect(commandPrograms("echo x > out").writesFiles).toBe(true);
    expect(commandPrograms("echo x &> out").writesFiles).toBe(true);
    expect(commandPrograms("echo x 2>&1 >/dev/null").writesFiles).toBe(false);
  });

  it("says what cannot be known: eval, source, a variable program, text into a shell, bad syntax", () => {
    expect(unknowable("eval 'touch f'")).toMatch(/eval/);
    expect(unknowable("source x.sh")).toMatch(/source/);
    expect(unknowable(". x.sh")).toMatch(/\./);
    expect(unknowable("$CMD f")).toMatch(/\$CMD/);
    expect(unknowable("$(echo touch) f")).toMatch(/only known when it runs/);
    expect(unknowable("echo 'touch f' | bash")).toMatch(/stdin/);
    expect(unknowable("bash <<< 'touch f'")).toMatch(/stdin/);
    expect(unknowable("sh -s < x")).toMatch(/stdin/);
    expect(unknowable('bash -c "$X"')).toMatch(/-c/);
    expect(unknowable("echo 'unclosed")).toMatch(/never closed/);
    expect(unknowable("echo $(touch f")).toMatch(/never closed/);
    expect(unknowable("tou*h f")).toMatch(/pattern/);
    expect(unknowable("alias x=touch")).toMatch(/alias/);
    expect(unknowable("case x in x) touch f;; esac")).toBeTruthy();
  });

  it("keeps what it found before an unknowable part, so a deny rule can still refuse it", () => {
    const found = commandPrograms("touch f; eval x");
    expect(found.commands.map((command) => command.program)).toEqual(["touch", "eval"]);
    expect(found.unknown).toMatch(/eval/);
  });
});

describe("command programs — pathological lines end in unknown, never a crash", () => {
  it("thousands of nested subshells, substitutions or launchers", () => {
    expect(
      commandPrograms(`${"( ".repeat(20_000)}touch f${")".repeat(20_000)}`).unknown,
    ).toBeDefined();
    expect(
      commandPrograms(`${"$(".repeat(20_000)}touch f${")".repeat(20_000)}`).unknown,
    ).toBeDefined();
    expect(commandPrograms(`${"nohup ".repeat(20_000)}touch f`).unknown).toBeDefined();
  });
});
