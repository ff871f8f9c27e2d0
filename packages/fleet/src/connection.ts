import { Redis } from "ioredis";

export const DEFAULT_QUEUE = "gong";

/** Where a queue lives: the Redis URL and the queue's name. */
export interface QueueAddress {
  redisUrl: string;
  queue?: string;
}

/**
 * A connection for BullMQ: `maxRetriesPerRequest: null` is what its workers require
 * (a blocking command must wait through a reconnect instead of failing).
 */
export function redisConnection(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
}

/** The channel and key prefix `gong jobs cancel` uses to reach the worker running a job. */
export function cancelChannel(queue: string): string {
  return `gong:${queue}:cancel`;
}

export function cancelKey(queue: string, id: string): string {
  return `gong:${queue}:cancel:${id}`;
}
