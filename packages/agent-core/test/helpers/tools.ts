/** Small real tools for loop tests (the coding tools are tested in @gong/tools). */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Tool } from "@gong/tools";
import { defineTool, failure, success } from "@gong/tools";
import { Type } from "@sinclair/typebox";

export function readFileTool(): Tool {
  return defineTool({
    name: "read",
    label: "Read",
    description: "Read a text file.",
    readOnly: true,
    parameters: Type.Object({ path: Type.String(), output_level: Type.Optional(Type.String()) }),
    async execute(params, context) {
      const file = path.resolve(context.cwd, params.path);
      try {
        const content = await readFile(file, "utf8");
        return success({ content, output_level: context.outputLevel }, content, {
          pathResolved: params.path,
        });
      } catch {
        return failure("NOT_FOUND", `File not found: ${params.path}`, {
          next: ["Read a file that exists."],
        });
      }
    },
  }) as unknown as Tool;
}

/** Waits `ms` (or until aborted), then answers with `name:ms`. */
export function sleepTool(name = "sleep", readOnly = false): Tool & { log: string[] } {
  const log: string[] = [];
  const tool = defineTool({
    name,
    label: name,
    description: "Sleep for ms milliseconds.",
    readOnly,
    parameters: Type.Object({ ms: Type.Number(), tag: Type.Optional(Type.String()) }),
    async execute(params, context) {
      log.push(`start:${params.tag ?? params.ms}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, params.ms);
        context.signal?.addEventListener("abort", () => {
          clearTimeout(timer);
          resolve();
        });
      });
      log.push(`end:${params.tag ?? params.ms}`);
      if (context.signal?.aborted)
        return failure("ABORTED", `${name} was aborted.`, { next: [`${name} again if needed.`] });
      return success({ tag: params.tag ?? null }, `slept ${params.ms} ${params.tag ?? ""}`.trim());
    },
  }) as unknown as Tool;
  return Object.assign(tool, { log });
}

export function echoTool(): Tool {
  return defineTool({
    name: "echo",
    label: "Echo",
    description: "Echo text back.",
    parameters: Type.Object({ text: Type.String() }),
    async execute(params, context) {
      context.onUpdate?.(success({}, `partial ${params.text}`));
      return success({ echoed: params.text, exit_code: 0 }, params.text);
    },
  }) as unknown as Tool;
}

export function throwingTool(): Tool {
  return defineTool({
    name: "explode",
    label: "Explode",
    description: "Always throws.",
    parameters: Type.Object({}),
    async execute() {
      throw new Error("ENOENT: file vanished between stat and read");
    },
  }) as unknown as Tool;
}
