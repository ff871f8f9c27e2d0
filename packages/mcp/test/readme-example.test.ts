import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const example = fileURLToPath(new URL("../examples/readme.mjs", import.meta.url));

describe("README example — the program the README shows runs as it is", () => {
  it("starts server-everything through npx (the local devDependency), calls its echo tool, ends it", async () => {
    // In the package folder npx finds the installed server: nothing is downloaded.
    const { stdout } = await promisify(execFile)(process.execPath, [example], {
      cwd: packageDir,
      // A loaded machine may take longer than 30 s to start npx and the server.
      env: { ...process.env, MCP_TIMEOUT: String(4 * 60_000) },
      timeout: 5 * 60_000, // a hang guard (npx may download the server first)
    });
    expect(stdout.trim()).toBe("Echo: hi");
  });
});
