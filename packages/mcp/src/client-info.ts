import { readFileSync } from "node:fs";

/**
 * What gong tells a server it is (`clientInfo`). The version is the nearest package's:
 * @gong/mcp's own, or the app's when bundled into `gong` / `gong-rpc` (their dist/ sits
 * beside their package.json). Servers only log it; an unreadable file is not worth a failure.
 */
export function clientInfo(): { name: string; version: string } {
  try {
    const text = readFileSync(new URL("../package.json", import.meta.url), "utf8");
    const version = (JSON.parse(text) as { version?: unknown }).version;
    return { name: "gong", version: typeof version === "string" ? version : "0.0.0" };
  } catch {
    return { name: "gong", version: "0.0.0" };
  }
}
