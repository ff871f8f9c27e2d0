import pc from "picocolors";
import { terminalSafe } from "../../terminal-text.js";
import { markdownLines } from "../render/markdown.js";
import { StaticEntry } from "./entries.js";

/** The plan `exit_plan_mode` presents, rendered as Markdown under its title. */
export function planEntry(plan: string): StaticEntry {
  return new StaticEntry((width) => [
    "",
    pc.bold(pc.cyan("Plan")),
    ...markdownLines(terminalSafe(plan), width),
  ]);
}
