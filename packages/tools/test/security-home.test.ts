import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { expandHome } from "../src/index.js";
import { createPathPolicy } from "../src/path/policy.js";
import { makeProject, type Project } from "./helpers.js";

// Item 6 of "Never lose work, never let anyone in": `~` was expanded by three copies;
// the policy's turned `~bob/data` into `/home/<me>bob/data`.

let dir: string;
let passwdFile: string;
let project: Project | undefined;
beforeEach(() => {
  dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), "gong-home-")));
  passwdFile = path.join(dir, "passwd");
  writeFileSync(
    passwdFile,
    "root:x:0:0:root:/root:/bin/bash\n# a comment\nbob:x:1001:1001:Bob,,,:/srv/bob:/bin/sh\n",
  );
});
afterEach(() => {
  project?.cleanup();
  project = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** A user from the real /etc/passwd who is not the one running the tests. */
function otherUser(): { name: string; home: string } {
  const me = os.userInfo().username;
  const fields = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .map((line) => line.split(":"))
    .find((entry) => entry.length >= 6 && entry[0] !== me && entry[5]);
  return { name: fields![0]!, home: fields![5]! };
}

describe("security — ~ expansion is one helper", () => {
  it("~ and ~/x are the given home; other paths are unchanged", () => {
    expect(expandHome("~", { home: "/home/me" })).toEqual({ ok: true, path: "/home/me" });
    expect(expandHome("~/a/b", { home: "/home/me" })).toEqual({ ok: true, path: "/home/me/a/b" });
    expect(expandHome("src/~x", { home: "/home/me" })).toEqual({ ok: true, path: "src/~x" });
    expect(expandHome("/abs", { home: "/home/me" })).toEqual({ ok: true, path: "/abs" });
  });

  it("~user and ~user/x are that user's home from the passwd file", () => {
    const options = { home: "/home/me", passwdFile };
    expect(expandHome("~bob", options)).toEqual({ ok: true, path: "/srv/bob" });
    expect(expandHome("~bob/data/x", options)).toEqual({ ok: true, path: "/srv/bob/data/x" });
  });

  it("my own login name is my home even where the passwd file does not list me", () => {
    const me = os.userInfo().username;
    expect(expandHome(`~${me}/x`, { home: "/home/me", passwdFile })).toEqual({
      ok: true,
      path: "/home/me/x",
    });
  });

  it("an unknown ~user is refused, never glued onto my home", () => {
    const result = expandHome("~carol/x", { home: "/home/me", passwdFile });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toContain('no user "carol"');
      expect(result.error).not.toContain("/home/me");
    }
  });

  it("an allowed root ~user/x is that user's home, not /home/<me>user/x", async () => {
    const other = otherUser();
    const policy = createPathPolicy({
      root: dir,
      allowedRoots: [`~${other.name}/x`],
      home: "/home/me",
    });
    expect(policy.roots).toContain(path.join(other.home, "x"));
    expect(policy.roots).not.toContain(`/home/me${other.name}/x`);
  });

  it("an allowed root with an unknown ~user is refused when the tools are built", () => {
    expect(() =>
      createPathPolicy({ root: dir, allowedRoots: ["~no-such-user-4711/x"], home: "/home/me" }),
    ).toThrow(/no user "no-such-user-4711"/);
  });

  it("read of ~no-such-user/x is refused with a clear error", async () => {
    project = makeProject();
    const response = await project.call("read", { path: "~no-such-user-4711/notes.txt" });
    expect(response.error?.code).toBe("INVALID_PARAM");
    expect(response.text).toContain('no user "no-such-user-4711"');
  });

  it("read of ~user/x goes through the policy like any path: outside the project it is denied", async () => {
    project = makeProject();
    const response = await project.call("read", { path: `~${otherUser().name}/.profile` });
    expect(response.error?.code).toBe("ACCESS_DENIED");
  });
});
