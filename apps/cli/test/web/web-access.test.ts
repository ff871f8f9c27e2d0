import { textResponse } from "@gong/testing";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, writeSettings } from "../harness.js";
import { GongWeb, loginCookie, rawRequest } from "./web-harness.js";

const mock = useMockLlmServer();

/** The SSE lines of a stream body: [id, parsed data]. */
function sseEvents(body: string): [number, { type: string }][] {
  return body
    .split("\n\n")
    .map((block) => ({
      id: /^id: (\d+)$/m.exec(block)?.[1],
      data: /^data: (.*)$/m.exec(block)?.[1],
    }))
    .filter((event) => event.id !== undefined && event.data !== undefined)
    .map((event) => [Number(event.id), JSON.parse(event.data!)]);
}

describe("security — gong web answers only the user's own browser", () => {
  it("no token, a wrong token, a foreign Host or Origin: 403; the printed token sets a strict cookie", async () => {
    const web = await GongWeb.start(gongSandbox(mock.anthropicBaseUrl));
    expect(web.url.hostname).toBe("127.0.0.1");
    for (const path of ["/", "/events", "/app.js"]) {
      expect((await rawRequest(web, path)).status).toBe(403);
    }
    expect((await rawRequest(web, "/?token=wrong")).status).toBe(403);

    const login = await rawRequest(web, `/?token=${web.url.searchParams.get("token")}`);
    expect(login.status).toBe(303);
    expect(login.headers.location).toBe("/");
    const setCookie = String(login.headers["set-cookie"]);
    // Named for the port: a second gong web on this machine keeps its own.
    expect(setCookie).toMatch(new RegExp(`^gong_web_${web.url.port}=`));
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Strict");
    const cookie = await loginCookie(web);
    expect((await rawRequest(web, "/", { headers: { cookie } })).status).toBe(200);

    // DNS rebinding: another site's name resolving to 127.0.0.1 carries its own Host.
    const rebound = await rawRequest(web, "/", {
      headers: { cookie, host: `evil.example:${web.url.port}` },
    });
    expect(rebound.status).toBe(403);
    const command = {
      method: "POST",
      body: JSON.stringify({ type: "get_state" }),
      headers: { cookie, "content-type": "application/json", origin: "http://evil.example" },
    };
    expect((await rawRequest(web, "/command", command)).status).toBe(403);
    const ownOrigin = { ...command, headers: { ...command.headers, origin: web.origin } };
    const state = await rawRequest(web, "/command", ownOrigin);
    expect(state.status).toBe(200);
    expect(JSON.parse(state.body)).toMatchObject({ command: "get_state", success: true });
  });

  it("a tab that reconnects with Last-Event-ID gets only what it missed; a new one the snapshot first, without the answer's deltas", async () => {
    const web = await GongWeb.start(gongSandbox(mock.anthropicBaseUrl));
    const cookie = await loginCookie(web);
    mock.enqueue([textResponse("the answer, streamed in pieces", { chunkSize: 2 })]);
    const sent = await rawRequest(web, "/command", {
      method: "POST",
      body: JSON.stringify({ type: "prompt", message: "hi" }),
      headers: { cookie, "content-type": "application/json" },
    });
    expect(JSON.parse(sent.body)).toMatchObject({ success: true });
    let events: [number, { type: string }][] = [];
    for (let tries = 0; !events.some(([, line]) => line.type === "run_end"); tries++) {
      if (tries > 40) throw new Error("no run_end on the event stream");
      events = sseEvents(
        (await rawRequest(web, "/events", { headers: { cookie }, readMs: 250 })).body,
      );
    }
    // A tab opened after the run: the snapshot, then the run's lines.
    events = sseEvents(
      (await rawRequest(web, "/events", { headers: { cookie }, readMs: 250 })).body,
    );
    expect(events[0]![1].type).toBe("web_snapshot");
    // The answer's deltas are not replayed: its message_end carries the whole of it.
    expect(events.map(([, line]) => line.type)).not.toContain("message_update");
    expect(events.map(([, line]) => line.type)).toContain("message_end");
    const ids = events.map(([id]) => id);
    expect(new Set(ids).size).toBe(ids.length);
    const middle = events[Math.floor(events.length / 2)]![0];
    const missed = sseEvents(
      (
        await rawRequest(web, "/events", {
          headers: { cookie, "last-event-id": String(middle) },
          readMs: 250,
        })
      ).body,
    );
    expect(missed.map(([id]) => id)).toEqual(ids.filter((id) => id > middle));
  });
});

describe("gong web — flags", () => {
  it("a bad --port, a message or -p is a usage error (exit 2) naming the usage", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    for (const args of [
      ["web", "--port", "http"],
      ["web", "fix the tests"],
      ["web", "-p", "x"],
    ]) {
      const run = await runGong(args, box);
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr).toMatch(/gong web|usage: gong web/);
    }
  });

  it("--host other than loopback warns that the session is reachable from the network", async () => {
    const web = await GongWeb.start(gongSandbox(mock.anthropicBaseUrl), ["--host", "0.0.0.0"]);
    expect(web.stderr).toContain("warning: listening on 0.0.0.0");
    const cookie = await loginCookie(web);
    expect((await rawRequest(web, "/", { headers: { cookie } })).status).toBe(200);
  });

  it("a warning while the session opens is printed in the terminal and is on the page's stream", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { preset: "nope" });
    const web = await GongWeb.start(box);
    expect(web.stderr).toContain("gong: warning: ");
    expect(web.stderr).toContain('"preset" must be one of');
    const cookie = await loginCookie(web);
    const stream = await rawRequest(web, "/events", { headers: { cookie }, readMs: 250 });
    expect(stream.body).toContain('"type":"warning"');
  });

  it("-c opens the latest session of the folder: the first snapshot holds its messages", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    mock.enqueue([textResponse("an answer from before")]);
    expect((await runGong(["-p", "an earlier question"], box)).code).toBe(0);
    const web = await GongWeb.start(box, ["-c"]);
    const cookie = await loginCookie(web);
    const stream = await rawRequest(web, "/events", { headers: { cookie }, readMs: 250 });
    const snapshot = sseEvents(stream.body)[0]![1];
    expect(snapshot.type).toBe("web_snapshot");
    expect(JSON.stringify(snapshot)).toContain("an answer from before");
  });
});
