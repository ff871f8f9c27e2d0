import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

const entry = fileURLToPath(new URL("../src/index.ts", import.meta.url));

describe("@gong/render — browser-safe (gong web bundles it for the page)", () => {
  it("bundles for a browser with no Node module reached", async () => {
    // As apps/cli/build.mjs bundles the page: Node built-ins are external, so one that
    // survives tree-shaking shows up as an import in the script instead of failing the build.
    const result = await build({
      external: ["node:*"],
      entryPoints: [entry],
      bundle: true,
      write: false,
      format: "esm",
      platform: "browser",
      logLevel: "silent",
    });
    expect(result.errors).toEqual([]);
    const script = result.outputFiles[0]?.text ?? "";
    expect(script).not.toMatch(/\b(?:require\(|from ?|import\()["'][^"']+["']/);
  });
});
