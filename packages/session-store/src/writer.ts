/**
 * Appends whole lines to a session file opened with O_APPEND. Each line goes out in one
 * `write` call, so a crash leaves at most one torn last line (repaired on the next open).
 * A failed write (ENOSPC, EIO) cuts any partial bytes off again, keeps the line in
 * memory and retries it before the next one: the order on disk never changes and the
 * session keeps working in memory meanwhile.
 */
import { closeSync, fdatasyncSync, fstatSync, ftruncateSync, openSync, writeSync } from "node:fs";
import type { SessionWriteFailure } from "./errors.js";

export interface LineWriter {
  /** Writes one line (without its newline); `sync` forces it to stable storage. */
  append(line: string, sync: boolean): SessionWriteFailure | undefined;
  /** Forces every line written so far to stable storage. */
  sync(): SessionWriteFailure | undefined;
  close(): void;
}

/** The one system call the writer makes per line; replaceable to test disk failures. */
export type WriteFunction = (fd: number, bytes: Buffer, offset: number, length: number) => number;

export class FileLineWriter implements LineWriter {
  private fd: number | undefined;
  private size: number;
  private readonly pending: Buffer[] = [];

  private constructor(
    private readonly path: string,
    fd: number,
    private readonly write: WriteFunction,
  ) {
    this.fd = fd;
    this.size = fstatSync(fd).size;
  }

  /** Opens for append; throws the fs error (the caller turns it into IO_ERROR). */
  static open(path: string, write: WriteFunction = writeSync): FileLineWriter {
    return new FileLineWriter(path, openSync(path, "a"), write);
  }

  append(line: string, sync: boolean): SessionWriteFailure | undefined {
    this.pending.push(Buffer.from(`${line}\n`, "utf8"));
    while (this.pending.length > 0) {
      const failure = this.writeOne(this.pending[0]!);
      if (failure) return failure;
      this.pending.shift();
    }
    if (sync) return this.sync();
    return undefined;
  }

  private writeOne(bytes: Buffer): SessionWriteFailure | undefined {
    const fd = this.requireFd();
    let written = 0;
    try {
      // One call writes the whole line on every local filesystem; the loop only
      // matters for the rare short write, and we hold the lock so nothing interleaves.
      while (written < bytes.length) {
        written += this.write(fd, bytes, written, bytes.length - written);
      }
      this.size += bytes.length;
      return undefined;
    } catch (error) {
      // Whatever part of the line reached the file is cut off again (checked by size,
      // not by our count: the failing call itself may have written some bytes).
      try {
        if (fstatSync(fd).size !== this.size) ftruncateSync(fd, this.size);
      } catch {
        // Could not cut the partial line: the next open ignores it as a torn tail.
      }
      return this.failure(error, "append to");
    }
  }

  sync(): SessionWriteFailure | undefined {
    try {
      fdatasyncSync(this.requireFd());
      return undefined;
    } catch (error) {
      return this.failure(error, "flush");
    }
  }

  private failure(error: unknown, doing: string): SessionWriteFailure {
    const errno = (error as NodeJS.ErrnoException).code;
    const reason = error instanceof Error ? error.message : String(error);
    const hint =
      errno === "ENOSPC"
        ? "The disk is full: free some space; the entries are kept in memory and written on the next append."
        : "The entries are kept in memory and retried on the next append.";
    return {
      code: "WRITE_FAILED",
      message: `Could not ${doing} session file ${this.path}: ${reason}. ${hint}`,
      path: this.path,
      ...(errno ? { errno } : {}),
      pendingEntries: this.pending.length,
    };
  }

  private requireFd(): number {
    if (this.fd === undefined) throw new Error(`Session file ${this.path} is closed`);
    return this.fd;
  }

  close(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
  }
}
