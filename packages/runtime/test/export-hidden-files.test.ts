import type { Message } from "@gong/llm";
import { hiddenPathsMatcher } from "@gong/tools";
import { describe, expect, it } from "vitest";
import type { ExportDocument } from "../src/export/document.js";
import { withoutHiddenFiles } from "../src/export/hidden-files.js";

const hidden = hiddenPathsMatcher([{ rule: "Read(./.env)", glob: "./.env" }], {
  cwd: "/p",
  home: "/home/u",
});

const message = (value: unknown) => ({ kind: "message" as const, message: value as Message });

function doc(): ExportDocument {
  return {
    sessionId: "s",
    cwd: "/p",
    createdAt: "2026-11-29T00:00:00.000Z",
    items: [
      message({
        role: "user",
        content: 'see <file path=".env">\nTOKEN=secret\n</file>',
        timestamp: 0,
      }),
      message({
        role: "assistant",
        content: [
          { type: "toolCall", id: "a", name: "read", arguments: { path: ".env" } },
          { type: "toolCall", id: "b", name: "write", arguments: { path: "x.txt", content: "ok" } },
          {
            type: "toolCall",
            id: "c",
            name: "write",
            arguments: { path: "/p/.env", content: "TOKEN=secret" },
          },
        ],
      }),
      message({
        role: "toolResult",
        toolCallId: "a",
        toolName: "read",
        content: [{ type: "text", text: "TOKEN=secret" }],
        details: { data: { content: "TOKEN=secret" } },
        isError: false,
      }),
      message({
        role: "toolResult",
        toolCallId: "b",
        toolName: "write",
        content: [{ type: "text", text: "wrote x.txt" }],
        isError: false,
      }),
    ],
  };
}

describe("export — what Read(...) deny rules hide is left out (issue 37 item 4)", () => {
  it("a read's result, a write's content and an @path attachment of a hidden file, in subagents too", () => {
    const input = { ...doc(), subagents: { a: doc() } };
    const out = withoutHiddenFiles(input, hidden, "/home/u");
    const text = JSON.stringify(out);
    expect(text).not.toContain("secret");
    expect(text).toContain("[.env is hidden by the permissions.deny rule Read(./.env)]");
    expect(text).toContain("wrote x.txt");
    expect(text).toContain('"content":"ok"');
  });

  it("without rules the document is the same object", () => {
    const input = doc();
    expect(withoutHiddenFiles(input, undefined, "/home/u")).toBe(input);
  });
});
