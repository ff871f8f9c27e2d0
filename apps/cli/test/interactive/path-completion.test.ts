import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AutocompleteProvider } from "@mariozechner/pi-tui";
import { describe, expect, it } from "vitest";
import {
  globFor,
  matchingPaths,
  ProjectPathCompletion,
  rankPaths,
} from "../../src/interactive/input/path-completion.js";

/** A project folder that is not a git repository, with a .gitignore. */
function project(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "gong-at-"));
  for (const file of [
    "src/parser.ts",
    "src/printer.ts",
    "build/parser-bundle.ts",
    "docs/parsing.md",
  ]) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), "");
  }
  writeFileSync(path.join(dir, ".gitignore"), "build/\n");
  return dir;
}

describe("interactive — @ file completion", () => {
  it("respects .gitignore also outside a git repository", async () => {
    const found = await matchingPaths("pars", project());
    expect(found).toContain("src/parser.ts");
    expect(found).toContain("docs/parsing.md");
    expect(found.some((entry) => entry.startsWith("build/"))).toBe(false);
  });

  it("a folder part anchors the search: src/pr → src/printer.ts", async () => {
    expect(await matchingPaths("src/pr", project())).toEqual(["src/printer.ts"]);
  });

  it("names that start with the query come first, then shallower paths", () => {
    expect(
      rankPaths(["a/b/xparser.ts", "a/parser.ts", "parser/", "b/c/parser.ts"], "pars"),
    ).toEqual(["parser/", "a/parser.ts", "b/c/parser.ts", "a/b/xparser.ts"]);
  });

  it("glob characters in the query are taken literally", () => {
    expect(globFor("a*b")).toBe("*a\\*b*");
    expect(globFor("src/x")).toBe("src/x*");
  });

  it("offers @paths for an @ at the cursor and leaves everything else to the wrapped provider", async () => {
    const inner: AutocompleteProvider = {
      getSuggestions: async () => ({ prefix: "/", items: [{ value: "quit", label: "quit" }] }),
      applyCompletion: (lines, cursorLine, cursorCol) => ({ lines, cursorLine, cursorCol }),
    };
    const completion = new ProjectPathCompletion(inner, project());
    const signal = new AbortController().signal;
    const at = await completion.getSuggestions(["look at @prin"], 0, 13, { signal });
    expect(at).toEqual({
      prefix: "@prin",
      items: [{ value: "@src/printer.ts", label: "printer.ts", description: "src" }],
    });
    const slash = await completion.getSuggestions(["/q"], 0, 2, { signal });
    expect(slash?.items[0]?.value).toBe("quit");
  });
});
