/**
 * The path policy's refusals, each saying what happened and what to do next. Nothing
 * is read or changed before one of them is returned (policy.ts decides which).
 */
import { failure } from "../core/envelope.js";
import type { ToolResponse } from "../types.js";

/** The typed path cannot be made absolute (a `~user` that does not exist, say). */
export function invalidPath(input: string, cwd: string, error: string): ToolResponse {
  return failure("INVALID_PARAM", `${error} Nothing was read or changed.`, {
    data: { path: input },
    next: [`Pass the path as an absolute path or relative to ${cwd}.`],
  });
}

/** A write into a skill's folder, which only the reading tools may open. */
export function readOnlyDenied(
  input: string,
  root: string,
  readOnlyRoots: readonly string[],
): ToolResponse {
  return failure(
    "ACCESS_DENIED",
    `Access denied: ${input} is in a skill's folder, which read, grep, find and ls may open but write and edit may not. Nothing was changed.`,
    {
      data: { path: input, read_only_roots: readOnlyRoots },
      next: [`read(path="${input}") to see it; write a changed copy inside the project (${root}).`],
    },
  );
}

/**
 * A path outside every allowed root. `real` is where it leads (named when a link took
 * it elsewhere); `linked` is the wording for a tool-output folder that is a link.
 */
export function outsideDenied(
  denied: { input: string; absolute: string; real: string; linked: string | undefined },
  root: string,
  roots: readonly string[],
): ToolResponse {
  const { input, absolute, real, linked } = denied;
  const via = real === absolute ? "" : ` (it resolves to ${real})`;
  const message = linked
    ? `Access denied: ${input} is in the tool-output folder. ${linked}`
    : `Access denied: ${input} is outside the allowed folders${via}. Nothing was read or changed.`;
  return failure("ACCESS_DENIED", message, {
    data: { path: input, allowed_roots: roots },
    next: [
      `Use a path inside the project (${root}).`,
      "If the user wants this folder available, they can add it with --allow-path <dir> or settings allowedPaths.",
    ],
  });
}

/** A path a `Read(…)` permissions.deny rule hides from the file tools (path-rules.ts). */
export function hiddenDenied(input: string, rule: string): ToolResponse {
  return failure(
    "ACCESS_DENIED",
    `Access denied: ${input} is hidden by the permissions.deny rule ${rule} in the settings. Nothing was read or changed.`,
    {
      data: { path: input, rule },
      next: ["Do not try to reach this file another way; work without it, or ask the user."],
    },
  );
}
