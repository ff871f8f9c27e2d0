import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { KEYS, modesLeftOn, spawnPty, unclosedFrames } from "../src/pty.js";

const cwd = mkdtempSync(path.join(tmpdir(), "gong-pty-"));
const env = { PATH: process.env.PATH };

/** A tiny raw-mode program: echoes keys as their JSON, reports resizes, `q` exits 3. */
const ECHO = `
process.stdin.setRawMode(true);
process.stdout.write("ready " + process.stdout.columns + "x" + process.stdout.rows + "\\n");
process.stdout.on("resize", () => process.stdout.write("size " + process.stdout.columns + "x" + process.stdout.rows + "\\n"));
process.stdin.on("data", (data) => {
  const key = data.toString();
  if (key === "q") { process.stdout.write("\\x1b[?25h"); process.exit(3); }
  process.stdout.write("key " + JSON.stringify(key) + "\\n");
});
`;

describe("spawnPty", () => {
  it("runs a program at the given size, sends keys and reads the screen", async () => {
    const program = spawnPty({ args: ["-e", ECHO], cwd, env, cols: 60, rows: 10 });
    await program.waitForText("ready 60x10");
    program.write(KEYS.altEnter);
    await program.waitForText('key "\\u001b\\r"');
    program.write(KEYS.up);
    await program.waitForText('key "\\u001b[A"');
    program.resize(40, 8);
    await program.waitForText("size 40x8");
    program.write("q");
    expect(await program.exit).toEqual({ code: 3 });
    expect(program.output()).toContain("\x1b[?25h");
    expect(program.screen()).toHaveLength(8);
    expect(program.screen()[0]).toBe("ready 60x10");
  });

  it("keeps what scrolled off the top as scrollback, trimmed right", async () => {
    const program = spawnPty({
      args: ["-e", "for (let i = 1; i <= 30; i++) console.log('line ' + i + '   ');"],
      cwd,
      env,
      cols: 40,
      rows: 10,
    });
    await program.exit;
    await program.settled();
    expect(program.scrollback().slice(0, 2)).toEqual(["line 1", "line 2"]);
    expect(program.screen().slice(0, 9).at(-1)).toBe("line 30");
    expect(program.bytesWritten()).toBeGreaterThan(30 * 8);
  });

  it("waits look only at complete synchronized-output frames", async () => {
    const frame =
      "process.stdout.write('\\x1b[?2026hhalf a frame'); setTimeout(() => process.stdout.write(' and the rest\\x1b[?2026l'), 300); setTimeout(() => {}, 1000)";
    const program = spawnPty({ args: ["-e", frame], cwd, env });
    await program.waitForText("half a frame");
    expect(program.screen()[0]).toBe("half a frame and the rest");
    await program.exit;
  });

  it("reports the signal that ended the program, and the screen when a wait times out", async () => {
    const program = spawnPty({
      args: ["-e", "console.log('waiting'); setInterval(() => {}, 1000)"],
      cwd,
      env,
    });
    await program.waitForText("waiting");
    await expect(program.waitForText("never", { timeoutMs: 100 })).rejects.toThrow(
      /never.*\n.*waiting/s,
    );
    program.kill("SIGTERM");
    expect(await program.exit).toMatchObject({ signal: 15 });
  });

  it("modesLeftOn names the modes switched on and not off again; unclosedFrames counts open frames", () => {
    expect(modesLeftOn("\x1b[?25l\x1b[?2004hdraw\x1b[?2004l")).toEqual(["hidden cursor"]);
    expect(modesLeftOn("\x1b[?25l\x1b[>4;2m\x1b[?25h\x1b[>4;0m")).toEqual([]);
    expect(modesLeftOn("\x1b[>7u")).toEqual(["kitty keyboard"]);
    expect(unclosedFrames("\x1b[?2026ha\x1b[?2026l\x1b[?2026hb\x1b[?2026hc\x1b[?2026l")).toBe(1);
    expect(unclosedFrames("\x1b[?2026ha\x1b[?2026l")).toBe(0);
  });
});
