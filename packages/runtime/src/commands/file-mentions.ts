/**
 * `@path` in a prompt (a command's template, or what the user typed in the interactive
 * editor): the file's content is attached after the text, read by the read tool — the
 * same path policy and the same cut (2000 lines / 50 KB, with the notice naming the
 * next offset) as the model's own read. An image is attached as an image.
 */
import type { ImageContent } from "@gong/llm";
import { runTool, type Tool } from "@gong/tools";

/** `@path` at the start or after a space; `@"a path with spaces"` as pi-tui completes it. */
const MENTION = /(?:^|(?<=\s))@(?:"([^"\n]+)"|([^\s"@]+))/g;
/** Punctuation that ends a sentence, not a path: `look at @a.ts.` */
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

export interface AttachedFiles {
  /** `<file path="…">…</file>` blocks, one per file read, in the order mentioned. */
  blocks: string[];
  images: ImageContent[];
  /** Mentions the read tool refused (outside the project, binary…): one line each. */
  warnings: string[];
}

/** An attached file's block as `attachFiles` writes it (its path has no `"`). */
const ATTACHED_BLOCK = /<file path="([^"\n]+)">\n([\s\S]*?)\n<\/file>/g;

/**
 * A prompt as a transcript shows it: each attached file one line (`[file a.ts: 12
 * lines]`), not its content — the model got the content, the user has the file.
 */
export function collapseAttachedFiles(text: string): string {
  return text.replace(ATTACHED_BLOCK, (_, file: string, content: string) => {
    const lines = content.split("\n").length;
    return `[file ${file}: ${lines} line${lines === 1 ? "" : "s"}]`;
  });
}

export function fileMentions(text: string): string[] {
  const paths: string[] = [];
  for (const match of text.matchAll(MENTION)) {
    const mentioned = match[1] ?? match[2]!;
    if (!paths.includes(mentioned)) paths.push(mentioned);
  }
  return paths;
}

/**
 * Reads every mentioned file. A mention that names no file (`@alice`) is left as text
 * without a word; one the read tool refuses is left too, with a warning.
 */
export async function attachFiles(
  paths: readonly string[],
  read: Tool,
  cwd: string,
  signal?: AbortSignal,
): Promise<AttachedFiles> {
  const attached: AttachedFiles = { blocks: [], images: [], warnings: [] };
  for (const mentioned of paths) {
    const candidates = [mentioned, mentioned.replace(TRAILING_PUNCTUATION, "")];
    for (const [index, candidate] of candidates.entries()) {
      if (candidate === "" || (index > 0 && candidate === mentioned)) continue;
      const result = await runTool(
        read,
        { path: candidate },
        { cwd, ...(signal ? { signal } : {}) },
      );
      if (result.status === "error") {
        const code = result.error?.code;
        if (code === "NOT_FOUND" || code === "IS_DIRECTORY") continue;
        attached.warnings.push(`@${candidate} was not attached: ${result.error?.message}`);
        break;
      }
      const images = (result.data.images as ImageContent[] | undefined) ?? [];
      attached.images.push(...images);
      const content = result.text.replace(/\n+$/, "");
      attached.blocks.push(`<file path="${candidate}">\n${content}\n</file>`);
      break;
    }
  }
  return attached;
}
