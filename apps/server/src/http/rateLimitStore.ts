import { Cause, Context, Duration, Effect, Layer, type Scope } from "effect"
import { RateLimiter } from "effect/persistence"

type Store = RateLimiter.RateLimiterStore["Service"]

/** Where the buckets live when Redis is configured. */
export interface RedisSettings {
  readonly url: string
  /** Keeps apart deployments (or test runs) that share one Redis. */
  readonly keyPrefix?: string | undefined
}

export const DEFAULT_KEY_PREFIX = "boroughs:ratelimit:"

/** A bucket of the memory store; absent when full, like a Redis key past its TTL. */
interface Bucket {
  tokens: number
  lastRefill: number
  fullAt: number
}

/** How often, at most, the memory store drops the buckets that have refilled since. */
const SWEEP_EVERY_MS = 60_000

/**
 * The token buckets in this process's memory. Effect's `layerStoreMemory` keeps every key it has seen for
 * good, and callers' keys (addresses, tokens) are unbounded; this store answers exactly as that one does but
 * forgets a bucket once it is full again, when it holds nothing a new bucket would not (the Redis store lets
 * the key expire then). `buckets` counts what it holds. Fixed windows and adaptive limits, which the server
 * does not use, go to Effect's store.
 */
export const makeMemoryStore: Effect.Effect<{ readonly store: Store; readonly buckets: () => number }> =
  Effect.gen(function* () {
    const effectStore = yield* Effect.provide(
      Effect.service(RateLimiter.RateLimiterStore),
      RateLimiter.layerStoreMemory,
    )
    const buckets = new Map<string, Bucket>()
    let nextSweep = 0
    const sweep = (now: number) => {
      if (now < nextSweep) return
      nextSweep = now + SWEEP_EVERY_MS
      for (const [key, bucket] of buckets) if (bucket.fullAt <= now) buckets.delete(key)
    }
    const store: Store = {
      ...effectStore,
      tokenBucket: (options) =>
        Effect.clockWith((clock) =>
          Effect.sync(() => {
            const now = clock.currentTimeMillisUnsafe()
            sweep(now)
            const refillMs = Duration.toMillis(options.refillRate)
            const held = buckets.get(options.key)
            let tokens = options.limit
            let lastRefill = now
            if (held !== undefined && held.fullAt > now) {
              const refilled = Math.floor((now - held.lastRefill) / refillMs)
              tokens = Math.min(options.limit, held.tokens + refilled)
              lastRefill = held.lastRefill + refilled * refillMs
            }
            // A full bucket's refill interval starts on its next spend.
            if (tokens >= options.limit) lastRefill = now
            const next = tokens - options.tokens
            const stored = next >= 0 || options.allowOverflow ? next : tokens
            const elapsed = Math.max(0, now - lastRefill)
            const fullAt = now + Math.ceil(options.limit - stored) * refillMs - elapsed
            if (fullAt > now) buckets.set(options.key, { tokens: stored, lastRefill, fullAt })
            else buckets.delete(options.key)
            return [next, elapsed] as const
          }),
        ),
    }
    return { store, buckets: () => buckets.size }
  })

/** How long a shared store may take to answer before the call is counted locally. */
const SHARED_STORE_TIMEOUT = Duration.millis(500)
/** After the shared store failed, how long calls are counted locally before it is asked again. */
const RETRY_SHARED_AFTER_MS = 5_000

/**
 * A shared store (Redis) that falls back on a local one while it fails or is slow, so that an outage of
 * Redis leaves each replica limiting its own callers (a caller's budget then counts once per replica) rather
 * than refusing or stalling every request. It says so once when it falls back, and once when it recovers.
 */
export const withFallback = (shared: Store, local: Store): Store => {
  let localUntil = Number.NEGATIVE_INFINITY
  let degraded = false
  const tokenBucket: Store["tokenBucket"] = (options) =>
    Effect.clockWith((clock) => {
      if (clock.currentTimeMillisUnsafe() < localUntil) return local.tokenBucket(options)
      return shared.tokenBucket(options).pipe(
        Effect.timeout(SHARED_STORE_TIMEOUT),
        Effect.tap(() => {
          if (!degraded) return Effect.void
          degraded = false
          return Effect.logInfo("rate limits: Redis answers again; budgets are shared again")
        }),
        Effect.catch((error) => {
          localUntil = clock.currentTimeMillisUnsafe() + RETRY_SHARED_AFTER_MS
          const warned = degraded
            ? Effect.void
            : Effect.logWarning(
                "rate limits: Redis did not answer; counting in this process's memory until it does",
                describe(error),
              )
          degraded = true
          return Effect.andThen(warned, local.tokenBucket(options))
        }),
      )
    })
  return { ...shared, tokenBucket }
}

/** Shows a Redis URL without its password. */
export const redactUrl = (url: string): string => {
  try {
    const parsed = new URL(url)
    if (parsed.password !== "") parsed.password = "***"
    return parsed.toString()
  } catch {
    return "(an invalid URL)"
  }
}

/**
 * The innermost cause of a failure, in one line: through the limiter's error reasons and Redis errors to the
 * socket's (a refused connection to both localhost addresses too).
 */
const describe = (error: unknown): string => {
  let cause = error
  for (;;) {
    const inner =
      typeof cause === "object" && cause !== null
        ? ((cause as { cause?: unknown }).cause ?? (cause as { reason?: unknown }).reason)
        : undefined
    if (inner === undefined) break
    cause = inner
  }
  if (cause instanceof AggregateError && cause.errors.length > 0)
    return cause.errors.map((e: unknown) => describe(e)).join("; ")
  if (cause instanceof Error) return cause.message || cause.name
  return String(cause)
}

/**
 * The Redis-backed store (Effect's Lua token bucket, keys expiring once full), connected now and closed with
 * the scope. An unreachable Redis fails the start, with a message that names it: a replica that counted
 * alone would silently multiply every caller's budget by the number of replicas.
 */
export const makeRedisStore = (settings: RedisSettings): Effect.Effect<Store, Error, Scope.Scope> =>
  Effect.gen(function* () {
    // Loaded only when configured: the redis client stays out of the servers that do not use it.
    const NodeRedis = yield* Effect.promise(() => import("@effect/platform-node/NodeRedis"))
    const context = yield* Layer.build(
      RateLimiter.layerStoreRedis({ prefix: settings.keyPrefix ?? DEFAULT_KEY_PREFIX }).pipe(
        // Without the offline queue a command fails at once while the connection is down (then the local
        // fallback counts), instead of waiting for Redis to come back.
        Layer.provide(NodeRedis.layer({ url: settings.url, disableOfflineQueue: true })),
      ),
    )
    return Context.get(context, RateLimiter.RateLimiterStore)
  }).pipe(
    Effect.catchCause((cause) =>
      Effect.fail(
        new Error(
          `cannot reach Redis at ${redactUrl(settings.url)} (BOROUGHS_REDIS_URL) for the rate limits: ${describe(Cause.squash(cause))}`,
        ),
      ),
    ),
  )
