import { mkdirSync, realpathSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { KEYS } from "@gong/testing/pty";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, sandbox, sessionFiles } from "../harness.js";
import { GongWeb, loginCookie, rawRequest } from "../web/web-harness.js";
import { ask, startGong, startReady, WAIT } from "./gong-terminal.js";

const mock = useMockLlmServer();

describe("named sessions — /rename, gong -r <name> from any folder, -r --all", {
  timeout: 180_000,
}, () => {
  it("/rename names the session; from another folder gong -r <name> resumes it in its own folder; --all, /resume and gong web list the name", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const home = realpathSync(box.cwd);
    const gong = await startReady(box);
    mock.enqueue([textResponse("parser looked at")]);
    await ask(gong, "look at the parser", "parser looked at");
    gong.write(`/rename parser fix${KEYS.enter}`);
    await gong.waitForText('named this session "parser-fix"', WAIT);
    gong.write(`/resume${KEYS.enter}`);
    await gong.waitForText("[parser-fix] look at the parser", WAIT);
    gong.write(KEYS.escape);
    // Apart: Esc and Ctrl+D in one read would be Alt+Ctrl+D.
    await gong.waitForScreen(
      (lines) => !lines.some((line) => line.includes("Resume a session")),
      WAIT,
    );
    gong.write(KEYS.ctrlD);
    expect(await gong.exit).toEqual({ code: 0 });
    expect(sessionFiles(box.gongHome)).toHaveLength(1);

    // Another folder, where gong never ran.
    const elsewhere = path.join(box.cwd, "..", "elsewhere");
    mkdirSync(elsewhere);
    const away = { cwd: elsewhere, env: box.env };
    const here = await runGong(["-r"], away);
    expect(here.code).toBe(1);
    expect(here.stderr).toContain("gong -r --all");
    const all = await runGong(["-r", "--all"], away);
    expect(all.code, all.stderr).toBe(0);
    expect(all.stdout).toMatch(/\[parser-fix\] look at the parser {2}\(in .*\)/);

    mock.enqueue([
      toolCallResponse([{ name: "bash", arguments: { command: "pwd" } }]),
      textResponse("continued"),
    ]);
    const resumed = await runGong(["-r", "parser-fix", "-p", "go on"], away);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/\(parser-fix\) belongs to .*; running it there/);
    expect(JSON.stringify(mock.requests.at(-2)!.body)).toContain("look at the parser");
    // The command ran in the session's folder, not in the one gong was started in.
    const { messages } = mock.requests.at(-1)!.body as {
      messages: { content: string | { type: string; content?: unknown }[] }[];
    };
    const last = messages.at(-1)!.content;
    const result = JSON.stringify(
      typeof last === "string" ? last : last.find((part) => part.type === "tool_result"),
    );
    expect(result).toContain(home);
    expect(result).not.toContain("elsewhere");
    expect(sessionFiles(box.gongHome)).toHaveLength(1);

    const missing = await runGong(["-r", "no-such-name", "-p", "x"], away);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No session is named "no-such-name"');

    // On a terminal, -r --all picks; a session of another folder opens in its folder.
    const picker = await startGong(
      { ...box, cwd: elsewhere },
      { args: ["-r", "--all"], cols: 200 },
    );
    await picker.waitForText("[parser-fix] look at the parser", WAIT);
    await picker.waitForText(`in ${box.cwd}`, WAIT);
    picker.write(KEYS.enter);
    await picker.waitForText(/belongs to .*running it there/, WAIT);
    await picker.waitForScreen(
      (lines) =>
        lines.some((line) => line.startsWith(`${box.cwd} · `) || line.startsWith(`${home} · `)),
      WAIT,
    );
    picker.write(KEYS.ctrlD);
    expect(await picker.exit).toEqual({ code: 0 });

    const web = await GongWeb.start(box, ["-c"]);
    const cookie = await loginCookie(web);
    const listed = await rawRequest(web, "/command", {
      method: "POST",
      body: JSON.stringify({ type: "list_sessions" }),
      headers: { cookie, "content-type": "application/json" },
    });
    expect(JSON.parse(listed.body).data.sessions[0]).toMatchObject({ name: "parser-fix" });
  });
});
