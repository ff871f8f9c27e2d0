import { DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES, formatSize, truncateHead } from "@gong/truncate";

export interface CappedText {
  /** The text as it goes into the context: whole, or its head and a notice. */
  text: string;
  /** For the user when the text was cut; undefined when it fit. */
  warning?: string;
}

/**
 * Caps text that goes into the model's context without a tool call — a context file
 * (AGENTS.md, SYSTEM.md…), a hook's output — at the standard limits of @gong/truncate
 * (2000 lines / 50 KB, head kept), so one oversized file or chatty hook cannot fill the
 * context window on every request. `source` names it in the notice and the warning;
 * `path` lets the model read the rest; `totalBytes` is the real size when only a
 * prefix of the text was read.
 */
export function capContextText(
  text: string,
  source: string,
  options: { path?: string; totalBytes?: number } = {},
): CappedText {
  const result = truncateHead(text);
  const totalBytes = Math.max(options.totalBytes ?? 0, result.totalBytes);
  if (!result.truncated && totalBytes <= result.totalBytes) return { text };
  const limit = `${DEFAULT_MAX_LINES} lines / ${formatSize(DEFAULT_MAX_BYTES)}`;
  const shown = `the first ${result.outputLines} line${result.outputLines === 1 ? "" : "s"} (${formatSize(result.outputBytes)} of ${formatSize(totalBytes)})`;
  const rest = options.path
    ? ` Read ${options.path} with offset=${result.outputLines + 1} for the rest.`
    : "";
  const notice = `[${source} truncated to ${shown}: the limit is ${limit}.${rest}]`;
  return {
    text: result.content ? `${result.content}\n\n${notice}` : notice,
    warning: `${source} is ${formatSize(totalBytes)}; only ${shown} went into the context (limit ${limit})`,
  };
}
