import type { ToolResponse } from "../types.js";

/**
 * One step of a tool's pipeline (resolve → read → … → envelope): its value, or the
 * envelope that ends the call. Each tool's `execute` reads as the list of its steps.
 */
export type Step<T> = ({ ok: true } & T) | Stop;

/** The envelope that ends the call, carried out of a step. */
export interface Stop {
  ok: false;
  response: ToolResponse;
}

export const stop = (response: ToolResponse): Stop => ({ ok: false, response });
