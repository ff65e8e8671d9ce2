import { RateLimited } from "@boroughs/protocol"
import { Duration, Effect, type Scope } from "effect"
import { RateLimiter } from "effect/persistence"
import { guestGameLimit, type RateLimit, type ServerConfig } from "../config.js"
import { makeMemoryStore, makeRedisStore, type RedisSettings, withFallback } from "./rateLimitStore.js"

/**
 * One kind of limit (reads, writes, …): a token bucket per caller (a token id, or an address without one).
 * Each answers 0 when the call may proceed, or how many milliseconds to wait before it could.
 */
export interface Budget {
  readonly take: (key: string) => Effect.Effect<number>
  /** What `take` would answer, without spending anything. */
  readonly peek: (key: string) => Effect.Effect<number>
}

export interface Limits {
  readonly reads: Budget
  readonly writes: Budget
  readonly perAddress: Budget
  readonly authFailures: Budget
  /** Guest games per client address (`POST /api/play`). */
  readonly guestGames: Budget
}

/** Whole milliseconds, as `retryAfterMs` has always been (and Retry-After rounds them up to seconds). */
const wholeMillis = (duration: Duration.Duration) => Math.ceil(Duration.toMillis(duration))

/** A budget `name` of `limiter`, whose keys it keeps apart from the other budgets' in the shared store. */
export const budget = (
  limiter: RateLimiter.RateLimiter,
  name: string,
  { perSecond, burst }: RateLimit,
): Budget => {
  const refillMs = 1000 / perSecond
  const options = {
    algorithm: "token-bucket",
    onExceeded: "fail",
    limit: burst,
    // The refill interval is window / limit: one token each 1 / perSecond seconds.
    window: Duration.millis(burst * refillMs),
  } as const
  return {
    take: (key) =>
      limiter.consume({ ...options, key: `${name}:${key}` }).pipe(
        Effect.as(0),
        // A store that cannot answer lets the call through (the Redis store falls back before that).
        Effect.catch(({ reason }) =>
          Effect.succeed(reason._tag === "RateLimitExceeded" ? wholeMillis(reason.retryAfter) : 0),
        ),
      ),
    // Spending no token refills the bucket and says what is left; the wait for the next token is what
    // `resetAfter` (the wait for all of them) holds beyond the other `burst - 1`.
    peek: (key) =>
      limiter.consume({ ...options, key: `${name}:${key}`, tokens: 0 }).pipe(
        Effect.map(({ remaining, resetAfter }) =>
          remaining >= 1 ? 0 : Math.ceil(Duration.toMillis(resetAfter) - (burst - 1) * refillMs),
        ),
        Effect.orElseSucceed(() => 0),
      ),
  }
}

/**
 * The server's budgets on Effect's RateLimiter: in Redis when configured, shared by every replica behind one
 * load balancer (this process's memory standing in while Redis fails), else in this process's memory.
 * The Redis connection lives as long as `scope`; an unreachable Redis fails here, at start.
 */
export const makeLimits = (
  limits: NonNullable<ServerConfig["rateLimits"]>,
  redis: RedisSettings | undefined,
): Effect.Effect<Limits, Error, Scope.Scope> =>
  Effect.gen(function* () {
    const { store: local } = yield* makeMemoryStore
    const store = redis === undefined ? local : withFallback(yield* makeRedisStore(redis), local)
    const limiter = yield* Effect.provideService(RateLimiter.make, RateLimiter.RateLimiterStore, store)
    return {
      reads: budget(limiter, "reads", limits.reads),
      writes: budget(limiter, "writes", limits.writes),
      perAddress: budget(limiter, "perAddress", limits.perAddress),
      authFailures: budget(limiter, "authFailures", limits.authFailures),
      guestGames: budget(limiter, "guestGames", limits.guestGames ?? guestGameLimit),
    }
  })

/** Spends one call from `key`'s bucket (or, with `peek`, only checks there is one left); 429 when empty. */
export const spend = (
  limiter: Budget,
  key: string,
  what: string,
  options: { readonly peek?: boolean } = {},
): Effect.Effect<void, RateLimited> =>
  Effect.flatMap(options.peek === true ? limiter.peek(key) : limiter.take(key), (wait) =>
    wait > 0
      ? Effect.fail(new RateLimited({ message: `too many ${what}; retry in ${wait} ms`, retryAfterMs: wait }))
      : Effect.void,
  )
