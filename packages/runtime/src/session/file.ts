/**
 * `session.file`: the session file — where it is, its header, its name (`/rename`),
 * totals over it (`/usage`, `/session`) and its HTML export (`/export`).
 */

import type { Agent, MetricsSnapshot } from "@gong/agent-core";
import { homeDir } from "@gong/base";
import type { SessionPermissions } from "@gong/policy";
import type { SessionStats, SessionStore } from "@gong/session-store";
import type { SessionRecorder } from "../agent/recorder.js";
import {
  type ExportSessionResult,
  type ExportWriteOptions,
  writeSessionHtml,
} from "../export/export-session.js";
import { withoutHiddenFiles } from "../export/hidden-files.js";
import { sessionDocument } from "../export/subagent-transcripts.js";
import type { SessionHeaderLine } from "./options.js";

export interface SessionFileParts {
  store: SessionStore;
  recorder: SessionRecorder;
  agent: Agent;
  /** The folder `exportHtml` writes into by default. */
  cwd: string;
  /** `Read(...)` deny rules hide files from the export too. */
  permissions: SessionPermissions;
}

export class SessionFile {
  constructor(private readonly parts: SessionFileParts) {}

  /** The file, or undefined with `--no-session`. */
  get path(): string | undefined {
    return this.parts.store.path;
  }

  /** The file's header (also the json-mode first line). */
  get header(): SessionHeaderLine {
    const { type, version, id, timestamp, cwd } = this.parts.store.header;
    return { type, version, id, timestamp, cwd };
  }

  /** The name given with `/rename`, undefined when the session has none. */
  get name(): string | undefined {
    return this.parts.store.name;
  }

  /**
   * Names the session (`/rename`): `gong -r <name>` finds it from any folder, listings
   * show it. An empty name removes it; a name longer than 100 characters is refused.
   */
  rename(name: string): { ok: true } | { ok: false; error: string } {
    const named = this.parts.recorder.record({ type: "name", name });
    return named.ok ? { ok: true } : { ok: false, error: named.error };
  }

  /** Totals over the session file (every branch) plus this process's tool metrics. */
  stats(): { session: SessionStats; metrics: MetricsSnapshot } {
    return { session: this.parts.store.stats(), metrics: this.parts.agent.metrics };
  }

  /**
   * The current branch as one self-contained HTML page (`exportHtml` for a file), without
   * the files the `Read(...)` deny rules hide.
   */
  async renderHtml(): Promise<string> {
    const { store, permissions } = this.parts;
    const doc = sessionDocument(store.header, store.getBranch());
    // Loaded on the first export: the Markdown renderer is no part of a turn, and every
    // start paid for it (apps/cli/test/start-modules.test.ts, "a prompt run … loads no").
    const { renderSessionHtml } = await import("@gong/render");
    return renderSessionHtml(
      withoutHiddenFiles(doc, permissions.hiddenPaths(), homeDir(process.env)),
    );
  }

  /**
   * Writes `renderHtml()` to `out` (relative to the cwd), else to
   * `gong-session-<id>.html` in the cwd, like `gong --export` (`/export`). An existing
   * file is replaced only with `overwrite`.
   */
  async exportHtml(out?: string, options: ExportWriteOptions = {}): Promise<ExportSessionResult> {
    return writeSessionHtml(await this.renderHtml(), {
      ...options,
      out,
      cwd: this.parts.cwd,
      sessionId: this.parts.store.id,
    });
  }
}
