import { randomBytes } from "node:crypto"
import { connect } from "node:net"
import { createClient } from "redis"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { parseTrustedProxies } from "./http/clientAddress.js"
import type { RunningServer } from "./Server.js"
import { http, ORGANISER, testServer } from "./testing.js"

// Replicas behind one load balancer keep their rate limits in one Redis: a caller has one budget, whichever
// replica answers it. $REDIS_URL names the Redis; without it, the machine's own at 127.0.0.1:6379 is used
// when it answers, and these tests are skipped when it does not.

const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379"
const reachable = (url: string) =>
  new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(url)
    const socket = connect({ host: hostname, port: Number(port || 6379) })
    socket.setTimeout(1_000)
    socket.once("connect", () => resolve(true))
    socket.once("error", () => resolve(false))
    socket.once("timeout", () => resolve(false))
  }).finally(() => undefined)
const available = process.env.REDIS_URL ? true : await reachable(redisUrl)
if (!available) console.warn(`limits.redis.int.test.ts: no Redis at ${redisUrl}; skipped`)

/** One request's worth of refill per 100 s: each test counts exactly its burst. */
const REFILL = 0.01
/** This run's keys, apart from any other run's and from a deployment's. */
const keyPrefix = `boroughs-test:${randomBytes(6).toString("hex")}:`

const from = (client: string, headers: Record<string, string> = {}) => ({
  ...headers,
  "x-forwarded-for": client,
})

describe.skipIf(!available)("rate limits shared through Redis", () => {
  let replicas: ReadonlyArray<RunningServer> = []

  beforeAll(async () => {
    const replica = () =>
      testServer({
        rateLimits: {
          reads: { perSecond: REFILL, burst: 20 },
          writes: { perSecond: REFILL, burst: 20 },
          perAddress: { perSecond: REFILL, burst: 12 },
          authFailures: { perSecond: REFILL, burst: 4 },
        },
        trustedProxies: parseTrustedProxies("loopback"),
        rateLimitRedis: { url: redisUrl, keyPrefix },
      })
    replicas = [await replica(), await replica()]
  })
  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.close()))
    const redis = await createClient({ url: redisUrl }).connect()
    try {
      const keys: string[] = []
      for await (const batch of redis.scanIterator({ MATCH: `${keyPrefix}*` })) keys.push(...batch)
      if (keys.length > 0) await redis.del(keys)
    } finally {
      redis.destroy()
    }
  })

  it("gives a client address one budget across both replicas, with the same 429 and Retry-After", async () => {
    const answers = []
    // The requests alternate between the replicas, as a load balancer would send them.
    for (let i = 0; i < 16; i++)
      answers.push(
        await http(replicas[i % 2]?.url as string).call("GET", `/api/nothing-${i}`, {
          headers: from("198.51.100.60"),
        }),
      )
    expect(answers.map((a) => a.status)).toEqual([...Array(12).fill(404), 429, 429, 429, 429])
    for (const refused of answers.slice(12)) {
      expect(refused.json).toMatchObject({ _tag: "RateLimited", retryAfterMs: expect.any(Number) })
      // The next token is 100 s away, counted from the first request of the burst on either replica.
      expect(refused.json.retryAfterMs).toBeGreaterThan(90_000)
      expect(refused.json.retryAfterMs).toBeLessThanOrEqual(100_000)
      expect(refused.headers["retry-after"]).toBe(String(Math.ceil(refused.json.retryAfterMs / 1000)))
    }
    // Another address has a budget of its own.
    const other = await http(replicas[1]?.url as string).call("GET", "/api/catalogue", {
      headers: from("198.51.100.61"),
    })
    expect(other.status).toBe(200)
  })

  it("refuses on one replica the tokens an address had refused on the other, without a lookup", async () => {
    const made = () => `Bearer brs_${randomBytes(24).toString("base64url")}`
    const statuses: number[] = []
    for (let i = 0; i < 4; i++)
      statuses.push(
        (
          await http(replicas[0]?.url as string).call("GET", "/api/me", {
            headers: from("198.51.100.62", { authorization: made() }),
          })
        ).status,
      )
    expect(statuses).toEqual([401, 401, 401, 401])
    // A peek spends nothing: the other replica still refuses with 429, even for the organiser's token.
    const elsewhere = await http(replicas[1]?.url as string).call("GET", "/api/me", {
      headers: from("198.51.100.62", { authorization: `Bearer ${ORGANISER}` }),
    })
    expect(elsewhere.status).toBe(429)
    expect(elsewhere.json).toMatchObject({ _tag: "RateLimited" })
  })

  it("keeps its keys under the prefix, each expiring once its bucket would be full again", async () => {
    const redis = await createClient({ url: redisUrl }).connect()
    try {
      const keys: string[] = []
      for await (const batch of redis.scanIterator({ MATCH: `${keyPrefix}*` })) keys.push(...batch)
      expect(keys).toContain(`${keyPrefix}perAddress:198.51.100.60`)
      for (const key of keys) expect(await redis.pTTL(key)).toBeGreaterThan(0)
    } finally {
      redis.destroy()
    }
  })
})

describe("an unreachable Redis", () => {
  it("stops the server at start, naming the Redis it could not reach", async () => {
    const start = testServer({
      rateLimits: {
        reads: { perSecond: 1, burst: 1 },
        writes: { perSecond: 1, burst: 1 },
        perAddress: { perSecond: 1, burst: 1 },
        authFailures: { perSecond: 1, burst: 1 },
      },
      // Port 1 on loopback: nothing listens there, the connection is refused at once.
      rateLimitRedis: { url: "redis://user:secret@127.0.0.1:1", keyPrefix },
    })
    await expect(start).rejects.toThrow(/^cannot reach Redis at redis:\/\/user:\*\*\*@127\.0\.0\.1:1 /)
    await expect(start).rejects.not.toThrow(/secret/)
  })
})
