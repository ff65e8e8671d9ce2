import { RateLimited } from "@boroughs/protocol"
import { Effect } from "effect"
import type { RateLimiter } from "./rateLimit.js"

/** Spends one call from `key`'s bucket (or, with `peek`, only checks there is one left); 429 when empty. */
export const spend = (
  limiter: RateLimiter,
  key: string,
  what: string,
  options: { readonly peek?: boolean } = {},
): Effect.Effect<void, RateLimited> => {
  const wait = options.peek === true ? limiter.peek(key) : limiter.take(key)
  return wait > 0
    ? Effect.fail(new RateLimited({ message: `too many ${what}; retry in ${wait} ms`, retryAfterMs: wait }))
    : Effect.void
}
