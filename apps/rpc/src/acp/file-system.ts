/**
 * The tools' file backend under ACP when the client offers `fs/read_text_file` /
 * `fs/write_text_file`: text is read from and written to the editor, so the agent sees
 * unsaved buffers and its edits land in them. Everything else — stat, realpath and
 * lstat for the path policy, listing, mkdir, access — stays on the local disk, so a
 * path is checked against the project before the client is ever asked about it.
 *
 * The editor opens the path by name, after gong's check: a folder on the way swapped for
 * a symbolic link would redirect it (issue 21.4). Each request is made inside
 * `withFolderHeld` (@gong/tools fs/held-folder.ts): the editor gets the verified real
 * path, and a folder on the way that changes around the request fails the call closed.
 */

import { realpathSync } from "node:fs";
import type { AgentContext, FileSystemCapabilities } from "@agentclientprotocol/sdk";
import { type FileOperations, localFileOperations, withFolderHeld } from "@gong/runtime";

export interface ClientFileSystemOptions {
  sessionId: () => string;
  /** The session's project folder: the folders watched around a request start there. */
  root: string;
  client: AgentContext;
  capabilities: FileSystemCapabilities | undefined;
}

/** Undefined when the client offers neither method: the tools use the disk alone. */
export function clientFileOperations(options: ClientFileSystemOptions): FileOperations | undefined {
  const { sessionId, client, capabilities } = options;
  if (!capabilities?.readTextFile && !capabilities?.writeTextFile) return undefined;
  const disk = localFileOperations;
  const roots = [realRoot(options.root)];

  // A binary file (an image the read tool shows, say) has no editor buffer, and a text
  // request cannot carry its bytes: it is read from the disk. The test is read's own (a
  // NUL byte in the head), on the bytes the disk holds.
  const binaryOnDisk = async (path: string) => (await disk.readHead(path, 8000)).includes(0);
  const readText = (path: string): Promise<Buffer> =>
    withFolderHeld(path, roots, "read", async (verified) => {
      const { content } = await client.request("fs/read_text_file", {
        sessionId: sessionId(),
        path: verified,
      });
      return Buffer.from(content, "utf8");
    });

  return {
    ...disk,
    ...(capabilities.readTextFile
      ? {
          async readFile(path: string) {
            return (await binaryOnDisk(path)) ? disk.readFile(path) : readText(path);
          },
          async readHead(path: string, length: number) {
            if (await binaryOnDisk(path)) return disk.readHead(path, length);
            return (await readText(path)).subarray(0, length);
          },
          async *readChunks(path: string, chunkSize: number) {
            if (await binaryOnDisk(path)) return yield* disk.readChunks(path, chunkSize);
            const bytes = await readText(path);
            for (let at = 0; at < bytes.length; at += chunkSize)
              yield bytes.subarray(at, at + chunkSize);
          },
        }
      : {}),
    ...(capabilities.writeTextFile
      ? {
          async writeFileAtomic(path: string, data: string | Buffer) {
            // The editor replaces its buffer in one step; the write and edit tools only
            // ever write UTF-8 text.
            await withFolderHeld(path, roots, "write", (verified) =>
              client.request("fs/write_text_file", {
                sessionId: sessionId(),
                path: verified,
                content: typeof data === "string" ? data : data.toString("utf8"),
              }),
            );
          },
        }
      : {}),
  } satisfies FileOperations;
}

/** The project's real path (the tools' paths are real); as given if it cannot be found. */
function realRoot(root: string): string {
  try {
    return realpathSync.native(root);
  } catch {
    return root;
  }
}
