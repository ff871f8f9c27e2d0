// `node --test scripts/install-cli.test.mjs` (part of `pnpm test`): `pnpm install-cli`
// links into the folder npm would use, and `--remove` leaves nothing of ours behind.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readlinkSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, it } from "node:test";

const root = path.resolve(import.meta.dirname, "..");
const script = path.join(import.meta.dirname, "install-cli.mjs");

/** A throw-away HOME and the environment of a user whose npm has no configuration. */
function userBox() {
  const home = mkdtempSync(path.join(tmpdir(), "install-cli-home-"));
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^npm_config_/i.test(key)),
  );
  return { home, env: { ...env, HOME: home, USERPROFILE: home } };
}

function installCli(env, ...args) {
  for (const app of ["cli", "rpc"]) {
    const bin = path.join(root, "apps", app, "dist", "bin.js");
    assert.ok(existsSync(bin), `${bin} is missing: build first (pnpm build; pnpm test does)`);
  }
  return execFileSync(process.execPath, [script, "--no-build", ...args], {
    cwd: root,
    env,
    encoding: "utf8",
    stdio: "pipe",
  });
}

/** Where `<prefix>/bin/gong` points, resolved. */
function linkedGong(prefix) {
  const bin = path.join(prefix, "bin", "gong");
  return path.resolve(path.dirname(bin), readlinkSync(bin));
}

describe("install-cli — the folder npm would use", () => {
  it("honours npm_config_prefix (lower case, as npm and pnpm pass it on)", () => {
    const { home, env } = userBox();
    const prefix = mkdtempSync(path.join(tmpdir(), "install-cli-prefix-"));
    const out = installCli({ ...env, npm_config_prefix: prefix });
    assert.match(out, new RegExp(`installed in ${path.join(prefix, "bin")}`));
    assert.equal(
      realpathSync(path.dirname(path.dirname(linkedGong(prefix)))),
      path.join(root, "apps", "cli"),
    );
    assert.ok(existsSync(path.join(prefix, "bin", "gong-rpc")));
    assert.ok(!existsSync(path.join(home, ".local", "bin", "gong")), "not the fallback");
  });

  it("honours a prefix from the user's .npmrc (npm prefix -g's own resolution)", () => {
    const { home, env } = userBox();
    const prefix = mkdtempSync(path.join(tmpdir(), "install-cli-npmrc-"));
    writeFileSync(path.join(home, ".npmrc"), `prefix=${prefix}\n`);
    installCli(env);
    assert.ok(existsSync(path.join(prefix, "bin", "gong")));
  });

  it("--remove takes gong and gong-rpc off and leaves no empty lib/node_modules/@gong", () => {
    const { env } = userBox();
    const prefix = mkdtempSync(path.join(tmpdir(), "install-cli-remove-"));
    installCli({ ...env, npm_config_prefix: prefix });
    assert.ok(existsSync(path.join(prefix, "lib", "node_modules", "@gong", "cli")));
    installCli({ ...env, npm_config_prefix: prefix }, "--remove");
    assert.ok(!existsSync(path.join(prefix, "bin", "gong")));
    assert.ok(!existsSync(path.join(prefix, "bin", "gong-rpc")));
    assert.ok(!existsSync(path.join(prefix, "lib", "node_modules", "@gong")));
  });
});
