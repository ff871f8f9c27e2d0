import {
  mkdirSync,
  mkdtempSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  confirmLines,
  confirmWarnings,
  groupByFolder,
  pathsNotThere,
  searchStarted,
  UNCHECKED_WARNING,
} from "../src/search/confirm-reported.js";
import type { GrepLine } from "../src/search/grep-types.js";

// Issue 39.2: what rg and fd report is confirmed through the pinned folders only where a
// folder on the way changed while they ran (its ctime); below unchanged folders it is
// kept without a look-up per path or a read per file.

/** What find keeps of the `paths` fd reported (find-fd.ts does the same as fd prints). */
function confirmPaths(root: string, paths: string[], since: number, from = root): string[] {
  const grouped = groupByFolder();
  for (const reported of paths) grouped.add(reported);
  const gone = pathsNotThere(root, grouped, since, from);
  return paths.filter((entry) => !gone.has(entry));
}

let root: string;
let outside: string;

beforeEach(() => {
  const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), "gong-confirm-")));
  root = path.join(base, "project");
  outside = path.join(base, "outside");
  mkdirSync(path.join(root, "d", "e"), { recursive: true });
  mkdirSync(outside);
  writeFileSync(path.join(root, "d", "e", "f.txt"), "inside\n");
  writeFileSync(path.join(outside, "secret.txt"), "outside\n");
});

afterEach(() => {
  rmSync(path.dirname(root), { recursive: true, force: true });
});

const line = (file: string, text: string): GrepLine => ({
  kind: "match",
  file,
  line: 1,
  text,
});

/** `d` swapped for a link to `outside` and back, as a swap loop leaves it between rounds. */
function swapAndBack(): void {
  renameSync(path.join(root, "d"), path.join(root, "d-real"));
  symlinkSync(outside, path.join(root, "d"));
  rmSync(path.join(root, "d"));
  renameSync(path.join(root, "d-real"), path.join(root, "d"));
}

describe("confirmPaths", () => {
  it("keeps what is below folders unchanged since the start without looking it up", () => {
    // A start after every change so far: nothing on the way moved while "fd ran", so the
    // reported paths are taken as fd saw them (one of them no longer there).
    const since = Date.now() + 60_000;
    const reported = ["d/e/f.txt", "d/e/gone.txt", "d/e/"];
    expect(confirmPaths(root, reported, since)).toEqual(reported);
  });

  it("looks up a path whose `..` leads out of the search folder", () => {
    const since = Date.now() + 60_000;
    const out = ["../outside/gone.txt", "d/../../outside/gone.txt", "d/e/../../../gone.txt"];
    expect(confirmPaths(root, ["d/e/f.txt", ...out], since)).toEqual(["d/e/f.txt"]);
  });

  it("looks up what is below a folder that changed while the tool ran", () => {
    const since = searchStarted();
    swapAndBack();
    // secret.txt was in `d` only while it was the link: the look-up drops it.
    expect(confirmPaths(root, ["d/e/f.txt", "d/secret.txt", "d/e/"], since)).toEqual([
      "d/e/f.txt",
      "d/e/",
    ]);
  });
});

describe("confirmPaths from the project root (fd searching a real path inside it)", () => {
  it("looks up the names in a search folder below a folder that changed above it", () => {
    const since = searchStarted();
    swapAndBack();
    // Searching d/e: `d`, above it, was a link for a while; names fd printed are looked up.
    const searched = path.join(root, "d", "e");
    expect(confirmPaths(searched, ["f.txt", "secret.txt"], since, root)).toEqual(["f.txt"]);
  });

  it("keeps the names of a folder whose own entries changed: its parent did not", async () => {
    // A start after the set-up, then (a few clock ticks later) a change inside e only.
    const since = Date.now() + 1;
    await new Promise((resolve) => setTimeout(resolve, 30));
    writeFileSync(path.join(root, "d", "e", "new.txt"), "");
    rmSync(path.join(root, "d", "e", "f.txt"));
    // e's entries changed (fd lists them as they were when it read them); the folders that
    // lead to e did not, so no look-up: a name fd printed before the removal stays.
    expect(confirmPaths(root, ["d/e/f.txt", "d/e/new.txt"], since, root)).toEqual([
      "d/e/f.txt",
      "d/e/new.txt",
    ]);
  });
});

describe("confirmLines", () => {
  it("keeps the lines of files below unchanged folders without reading them", async () => {
    const since = Date.now() + 60_000;
    const lines = [line(path.join(root, "d", "e", "f.txt"), "not what the file holds now")];
    expect(await confirmLines(root, lines, since)).toEqual(lines);
  });

  it("reads the files below a folder that changed while the tool ran", async () => {
    const since = searchStarted();
    swapAndBack();
    const kept = line(path.join(root, "d", "e", "f.txt"), "inside");
    const leaked = line(path.join(root, "d", "secret.txt"), "outside");
    expect(await confirmLines(root, [kept, leaked], since)).toEqual([kept]);
  });
});

describe("confirmWarnings", () => {
  const toReal = (reported: string) => path.join(root, reported);

  it("keeps rg's warning about a file below folders unchanged since the start", () => {
    const since = Date.now() + 60_000;
    const warning = "./d/e/locked.txt: Permission denied (os error 13)";
    expect(confirmWarnings(root, [warning], since, toReal)).toEqual([warning]);
  });

  it("does not show the name in a warning about a file below a folder that changed", () => {
    const since = searchStarted();
    swapAndBack();
    // rg listed `d` while it was the link, and secret.txt was gone when it opened it.
    const warning = "./d/secret.txt: No such file or directory (os error 2)";
    expect(confirmWarnings(root, [warning], since, toReal)).toEqual([UNCHECKED_WARNING]);
  });

  it("does not show a line with a path it cannot read as one about a file; one without, it does", () => {
    const since = Date.now() + 60_000;
    const lines = ["something about ./d/outside-only.txt", "ripgrep failed (exit code 2)"];
    expect(confirmWarnings(root, lines, since, toReal)).toEqual([
      UNCHECKED_WARNING,
      "ripgrep failed (exit code 2)",
    ]);
  });
});
