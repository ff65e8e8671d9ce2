import { describe, expect, it } from "vitest"
import { RateLimiter } from "./rateLimit.js"

describe("RateLimiter", () => {
  it("allows a burst, then the sustained rate, and says how long to wait", () => {
    let t = 0
    const limiter = new RateLimiter({ perSecond: 2, burst: 3 }, () => t)
    expect([1, 2, 3].map(() => limiter.take("a"))).toEqual([0, 0, 0])
    expect(limiter.take("a")).toBe(500)
    expect(limiter.take("b")).toBe(0) // another caller has its own bucket
    t = 500
    expect(limiter.take("a")).toBe(0)
    expect(limiter.take("a")).toBe(500)
  })
})

describe("RateLimiter.peek", () => {
  it("says whether a call could proceed without spending from the bucket", () => {
    let t = 0
    const limiter = new RateLimiter({ perSecond: 1, burst: 2 }, () => t)
    expect(limiter.peek("a")).toBe(0)
    expect([limiter.take("a"), limiter.take("a")]).toEqual([0, 0])
    expect(limiter.peek("a")).toBe(1000)
    expect(limiter.peek("a")).toBe(1000)
    t = 1000
    expect(limiter.peek("a")).toBe(0)
    expect(limiter.take("a")).toBe(0)
  })
})
