import type { RateLimit } from "../config.js"

interface Bucket {
  tokens: number
  at: number
}

/**
 * Token buckets keyed by caller (a token id, or an address without one). `take` answers 0 when the call
 * may proceed, or how many milliseconds to wait before it could. Idle buckets are forgotten.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>()

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  take(key: string): number {
    return this.check(key, true)
  }

  /** What `take` would answer, without spending anything. */
  peek(key: string): number {
    return this.check(key, false)
  }

  private check(key: string, spend: boolean): number {
    const t = this.now()
    const { perSecond, burst } = this.limit
    let b = this.buckets.get(key)
    if (b === undefined) {
      if (!spend) return 0
      b = { tokens: burst, at: t }
      this.buckets.set(key, b)
      if (this.buckets.size > 50_000) this.sweep(t)
    }
    b.tokens = Math.min(burst, b.tokens + ((t - b.at) / 1000) * perSecond)
    b.at = t
    if (b.tokens >= 1) {
      if (spend) b.tokens -= 1
      return 0
    }
    return Math.ceil(((1 - b.tokens) / perSecond) * 1000)
  }

  /** Drops buckets that have refilled: they hold no information. */
  private sweep(t: number): void {
    for (const [key, b] of this.buckets)
      if (b.tokens + ((t - b.at) / 1000) * this.limit.perSecond >= this.limit.burst) this.buckets.delete(key)
  }
}
