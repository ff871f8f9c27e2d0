/**
 * The session's language servers (@gong/lsp): the built-in entries with the settings'
 * `lsp` over them (a project's entries only in a trusted folder: the settings loader
 * leaves them out otherwise), started when the agent first touches a file of their
 * language, ended with the session. Their process groups are recorded beside bash's
 * jobs, so a gong killed with -9 leaves none behind (`endOrphanedJobs`).
 */

import { jobsDir } from "@gong/config-files";
import { LanguageServers, languageServerEntries } from "@gong/lsp";
import { JobLedger } from "@gong/tools";
import type { SessionInputs } from "./session-inputs.js";

export function sessionLanguageServers(inputs: SessionInputs): LanguageServers {
  const settings = inputs.loaded.settings;
  return new LanguageServers({
    cwd: inputs.cwd,
    env: inputs.env,
    entries: languageServerEntries(settings.lsp, inputs.warn),
    configured: Object.keys(settings.lsp ?? {}).filter((name) => !settings.lsp?.[name]?.disabled),
    warn: inputs.warn,
    ...(settings.lspDiagnosticsWaitMs !== undefined
      ? { diagnosticsWaitMs: settings.lspDiagnosticsWaitMs }
      : {}),
    ledger: new JobLedger(
      jobsDir(inputs.where.gongHome),
      inputs.warn,
      "lsp",
      "the language servers' processes",
    ),
  });
}
