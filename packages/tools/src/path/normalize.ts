/**
 * Turns what the model typed into a path: a leading `@` stripped (models copy `@file`
 * mentions), Unicode spaces normalised to ASCII (models and keyboards produce NBSP and
 * friends), `~` expanded (`home.ts`: an unknown `~user` is an error, not a guess), then
 * resolved against `cwd`.
 */
import path from "node:path";
import { expandHome, type PathExpansion } from "@gong/base";

const UNICODE_SPACES = /[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g;

export function normalizeInputPath(input: string, home?: string): PathExpansion {
  const nul = nulProblem(input);
  if (nul) return { ok: false, error: nul };
  let value = input.replace(UNICODE_SPACES, " ");
  if (value.startsWith("@")) value = value.slice(1);
  return expandHome(value, { home });
}

export function resolveInputPath(input: string, cwd: string, home?: string): PathExpansion {
  const normalized = normalizeInputPath(input, home);
  if (!normalized.ok) return normalized;
  return { ok: true, path: path.resolve(cwd, normalized.path === "" ? "." : normalized.path) };
}

/**
 * Why a path or glob with a NUL character is refused, or undefined. No file name can
 * hold one, and left in, `path.resolve` treated `ok.txt\0../../outside/victim.txt` as
 * folders and `..`: the write landed at `outside/victim.txt` and said it succeeded.
 */
export function nulProblem(input: string): string | undefined {
  if (!input.includes("\0")) return undefined;
  return `${JSON.stringify(input)} contains a NUL character (\\u0000), which no path can hold.`;
}

/**
 * Variants read tries when a path does not exist, in order (test/read.test.ts): macOS
 * screenshot names use U+202F before AM/PM, APFS may store NFD, French screenshots use
 * a curly apostrophe, and the last two combine.
 */
export function macosPathVariants(absolute: string): string[] {
  const amPm = absolute.replace(/ (AM|PM)\./gi, "\u202F$1.");
  const nfd = absolute.normalize("NFD");
  const curly = absolute.replace(/'/g, "\u2019");
  const nfdCurly = nfd.replace(/'/g, "\u2019");
  const variants = [amPm, nfd, curly, nfdCurly];
  return [...new Set(variants)].filter((variant) => variant !== absolute);
}
