/**
 * The lines of a byte stream with each line cut to a byte cap, so a file whose line
 * is 10 MB (minified code, a data dump) costs the cap, not a string of the whole line
 * plus the whole file split into an array (the Node grep fallback used to take both).
 */

export interface CappedLine {
  /** The line (UTF-8, without its line ending), at most `maxLineBytes` bytes of it. */
  text: string;
  /** The line was longer than the cap: `text` is its start. */
  cut: boolean;
}

export async function* cappedLines(
  chunks: AsyncIterable<Buffer>,
  maxLineBytes: number,
): AsyncGenerator<CappedLine> {
  let kept: Buffer[] = [];
  let keptBytes = 0;
  let cut = false;
  const take = (): CappedLine => {
    let text = Buffer.concat(kept, keptBytes).toString("utf8");
    if (text.endsWith("\r")) text = text.slice(0, -1);
    const line = { text, cut };
    kept = [];
    keptBytes = 0;
    cut = false;
    return line;
  };
  for await (const chunk of chunks) {
    let position = 0;
    while (position <= chunk.length) {
      const newline = chunk.indexOf(10, position);
      const end = newline === -1 ? chunk.length : newline;
      if (newline !== -1 && keptBytes === 0 && end - position <= maxLineBytes) {
        // The common case, a whole short line inside the chunk: decoded in place.
        const text = chunk.toString("utf8", position, end);
        yield { text: text.endsWith("\r") ? text.slice(0, -1) : text, cut: false };
        position = newline + 1;
        continue;
      }
      const room = Math.min(end - position, maxLineBytes - keptBytes);
      // Copied: the reader may reuse `chunk` for the next read.
      if (room > 0) kept.push(Buffer.from(chunk.subarray(position, position + room)));
      keptBytes += Math.max(room, 0);
      if (end - position > room) cut = true;
      if (newline === -1) break;
      yield take();
      position = newline + 1;
    }
  }
  // A last line without a newline; a final newline does not start another line.
  if (keptBytes > 0 || cut) yield take();
}
