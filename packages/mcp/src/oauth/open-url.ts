/**
 * Opens the authorization URL in the user's browser: `$BROWSER` when set (a command,
 * given the URL as its argument, as on Debian and in many CLIs), else the platform's
 * opener. Failing to open is not an error: the URL is printed too.
 */
import { spawn } from "node:child_process";

export function openUrl(url: string, env: NodeJS.ProcessEnv): void {
  const [command, ...args] = opener(env);
  if (!command) return;
  try {
    const child = spawn(command, [...args, url], { stdio: "ignore", detached: true, env });
    child.on("error", () => undefined);
    child.unref();
  } catch {
    // No browser here: the printed URL is the way.
  }
}

function opener(env: NodeJS.ProcessEnv): string[] {
  const browser = env.BROWSER?.trim();
  if (browser) return browser.split(/\s+/);
  if (process.platform === "darwin") return ["open"];
  if (process.platform === "win32") return ["cmd", "/c", "start", ""];
  return ["xdg-open"];
}
