import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { promptInNewSession } from "./acp-client.js";

const mock = useMockLlmServer();

describe("gong-rpc --acp — the client's file system (fs/read_text_file, fs/write_text_file)", () => {
  it("an edit reads the editor's unsaved buffer and writes back to the editor, not the disk", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    const file = path.join(box.cwd, "greet.txt");
    writeFileSync(file, "hello disk\n");
    // The editor holds an unsaved change the disk does not have.
    const buffers = new Map([[file, "hello unsaved world\n"]]);
    mock.enqueue([
      toolCallResponse([
        {
          id: "toolu_edit",
          name: "edit",
          arguments: { path: "greet.txt", oldText: "unsaved world", newText: "editor" },
        },
      ]),
      toolCallResponse([{ id: "toolu_out", name: "read", arguments: { path: "../outside.txt" } }]),
      textResponse("Done."),
    ]);
    const { result } = await promptInNewSession(box, "greet the editor", {
      clientCapabilities: { fs: { readTextFile: true, writeTextFile: true } },
      buffers,
    });
    expect(buffers.get(file)).toBe("hello editor\n");
    expect(readFileSync(file, "utf8")).toBe("hello disk\n");
    expect(result.reads.map((r) => r.path)).toEqual([file]);
    expect(result.writes).toEqual([
      expect.objectContaining({ path: file, content: "hello editor\n" }),
    ]);
    // A path outside the project is refused before the client is asked.
    expect(JSON.stringify(mock.requests[2]!.body)).toContain("is outside the allowed folders");
  });

  it("without the capabilities the tools use the disk and never ask the client", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    const file = path.join(box.cwd, "greet.txt");
    writeFileSync(file, "hello disk\n");
    mock.enqueue([
      toolCallResponse([
        {
          id: "toolu_edit",
          name: "edit",
          arguments: { path: "greet.txt", oldText: "disk", newText: "editor" },
        },
      ]),
      textResponse("Done."),
    ]);
    const { result } = await promptInNewSession(box, "greet the editor");
    expect(readFileSync(file, "utf8")).toBe("hello editor\n");
    expect(result.reads).toEqual([]);
    expect(result.writes).toEqual([]);
  });
});
