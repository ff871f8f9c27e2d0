import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { GongWeb, loginCookie, rawRequest } from "./web-harness.js";

const mock = useMockLlmServer();

/** POSTs one command as the page does; the response line the server answered. */
async function send(web: GongWeb, cookie: string, command: unknown) {
  const response = await rawRequest(web, "/command", {
    method: "POST",
    headers: { cookie, origin: web.origin, "content-type": "application/json" },
    body: JSON.stringify(command),
  });
  expect(response.status).toBe(200);
  return JSON.parse(response.body) as Record<string, unknown>;
}

describe("gong web — the page's own commands are schema-checked by @gong/protocol, like gong-rpc's", () => {
  it("a missing or wrong field, or a wrong id, gets the schema's error naming it; the session goes on", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    const web = await GongWeb.start(box);
    const cookie = await loginCookie(web);
    expect(await send(web, cookie, { type: "navigate_tree", id: 1 })).toEqual({
      type: "response",
      id: 1,
      command: "navigate_tree",
      success: false,
      error: '"entryId" is required',
    });
    expect(await send(web, cookie, { type: "set_label", id: "l", entryId: "e", label: 5 })).toEqual(
      {
        type: "response",
        id: "l",
        command: "set_label",
        success: false,
        error: '"label" must be a string (got number)',
      },
    );
    // Before, a page command echoed any id back (here an object) and ran.
    expect(await send(web, cookie, { type: "list_sessions", id: { a: 1 } })).toEqual({
      type: "response",
      command: "list_sessions",
      success: false,
      error: '"id" must be a string or a number (got object)',
    });
    expect(await send(web, cookie, { type: "get_tree", id: 2 })).toEqual({
      type: "response",
      id: 2,
      command: "get_tree",
      success: true,
      data: { leafIndex: null, entries: [] },
    });
  });

  it("an unknown command's error lists gong-rpc's commands and the page's own", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    const web = await GongWeb.start(box);
    const cookie = await loginCookie(web);
    const response = await send(web, cookie, { type: "navigate" });
    expect(response).toMatchObject({ command: "navigate", success: false });
    expect(response.error).toMatch(/^unknown command type "navigate"; known: prompt, steer, /);
    expect(response.error).toContain(
      "get_commands, list_sessions, get_tree, navigate_tree, set_label",
    );
  });
});
