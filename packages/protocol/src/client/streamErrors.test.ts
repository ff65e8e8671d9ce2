import { describe, expect, it } from "vitest"
import { RateLimited } from "../Errors.js"
import { retryDelay } from "./streamErrors.js"

describe("which failed streams are reopened", () => {
  it("retries a server that is away (503) as it retries a server fault, and gives up on a refusal", () => {
    // A database restart answers 503 for a few seconds: a bot's stream must outlast it, not give up.
    expect(retryDelay({ _tag: "Unavailable" }, 0)).toBeGreaterThan(0)
    expect(retryDelay({ _tag: "ServerError" }, 0)).toBeGreaterThan(0)
    expect(retryDelay({ _tag: "Forbidden" }, 0)).toBeNull()
    expect(retryDelay({ _tag: "StreamMalformed" }, 3)).toBeNull()
  })

  it("backs off from 250 ms, doubling up to 10 s, jittered ±20%, and waits at least a 429's retryAfterMs", () => {
    const bases = [250, 500, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]
    const seen = new Set<number>()
    for (let run = 0; run < 50; run++)
      for (const [attempt, base] of bases.entries()) {
        const delay = retryDelay({ _tag: "StreamDisconnected" }, attempt) ?? Number.NaN
        expect(delay).toBeGreaterThanOrEqual(base * 0.8)
        expect(delay).toBeLessThanOrEqual(base * 1.2)
        if (attempt === 0) seen.add(delay)
      }
    expect(seen.size).toBeGreaterThan(1)
    const limited = new RateLimited({ message: "slow down", retryAfterMs: 30_000 })
    expect(retryDelay(limited, 0)).toBe(30_000)
    expect(retryDelay(new RateLimited({ message: "", retryAfterMs: 0 }), 1)).toBeGreaterThanOrEqual(400)
  })
})
