import { describe, expect, it } from "vitest";
import { parseArgs } from "../src/args.js";

describe("args — --rewind [entryId] [--restore] with -c / -r <id>", () => {
  it("alone lists, with an id rewinds, --restore picks what", () => {
    const listed = parseArgs(["--rewind", "-c"]);
    expect(listed.ok && listed.args.rewind).toBe(true);
    const picked = parseArgs(["--rewind", "1a2b3c4d", "-r", "0199", "--restore", "code"]);
    expect(picked.ok && [picked.args.rewind, picked.args.resume, picked.args.restore]).toEqual([
      "1a2b3c4d",
      "0199",
      "code",
    ]);
  });

  it("without a stored session, or --restore without an entry, is a usage error", () => {
    expect(parseArgs(["--rewind"])).toEqual({
      ok: false,
      error: "--rewind needs -c or -r <id>: it rewinds a stored session",
    });
    expect(parseArgs(["--rewind", "-c", "--restore", "code"])).toEqual({
      ok: false,
      error: "--restore goes with --rewind <entryId>",
    });
    expect(parseArgs(["--rewind", "x", "-c", "--restore", "all"]).ok).toBe(false);
  });
});
