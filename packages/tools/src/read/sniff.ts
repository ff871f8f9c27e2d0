/**
 * File-type sniffing by content, not extension (test/read.test.ts 4.1, 4.2: a PNG named `.txt` is
 * an image, text named `.png` is text).
 */

/** Bytes read from the start of a file to decide what it is. */
export const SNIFF_BYTES = 4100;

export type ImageMime = "image/png" | "image/jpeg" | "image/gif" | "image/webp";

export function detectImageMime(head: Buffer): ImageMime | undefined {
  if (
    head.length >= 8 &&
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return "image/png";
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    return "image/jpeg";
  const ascii = head.subarray(0, 12).toString("latin1");
  if (ascii.startsWith("GIF87a") || ascii.startsWith("GIF89a")) return "image/gif";
  if (ascii.startsWith("RIFF") && ascii.slice(8, 12) === "WEBP") return "image/webp";
  return undefined;
}

/** A NUL byte in the first bytes marks a binary file, as git and ripgrep decide it. */
export function looksBinary(head: Buffer): boolean {
  return head.subarray(0, 8000).includes(0);
}
