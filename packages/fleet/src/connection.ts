import { Redis } from "ioredis";

export const DEFAULT_QUEUE = "gong";

/** Where a queue lives: the Redis URL and the queue's name. */
export interface QueueAddress {
  redisUrl: string;
  queue?: string;
}

const RECONNECT = (times: number) => Math.min(times * 100, 3000);

/**
 * A connection for BullMQ (`maxRetriesPerRequest: null` is what its workers require: a
 * blocking command waits through a reconnect instead of failing). The first connect is
 * tried once: a wrong URL or a Redis that is down is an error now, with what to do,
 * instead of a command that retries forever; once connected it reconnects as usual and
 * reports each connection error to `onError` (ioredis would print them otherwise).
 */
export async function connectRedis(
  url: string,
  onError: (error: Error) => void = () => {},
): Promise<Redis> {
  const redis = new Redis(url, {
    maxRetriesPerRequest: null,
    lazyConnect: true,
    retryStrategy: () => null,
  });
  // connect() itself only says "Connection is closed."; the socket's error says why.
  let cause: NodeJS.ErrnoException | undefined;
  const firstError = (error: NodeJS.ErrnoException) => {
    cause ??= error;
  };
  redis.on("error", firstError);
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    const failure = cause ?? (error as NodeJS.ErrnoException);
    throw new Error(
      `cannot reach Redis at ${url} (${failure.code ?? failure.message}): start redis-server there or give the right --redis <url> / GONG_REDIS_URL`,
    );
  }
  redis.off("error", firstError);
  redis.on("error", onError);
  redis.options.retryStrategy = RECONNECT;
  return redis;
}

/** The channel and key prefix `gong jobs cancel` uses to reach the worker running a job. */
export function cancelChannel(queue: string): string {
  return `gong:${queue}:cancel`;
}

export function cancelKey(queue: string, id: string): string {
  return `gong:${queue}:cancel:${id}`;
}
