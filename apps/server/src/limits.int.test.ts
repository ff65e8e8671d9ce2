import { randomBytes } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { parseTrustedProxies } from "./http/clientAddress.js"
import type { RunningServer } from "./Server.js"
import { http, ORGANISER, testServer } from "./testing.js"

// Rate limits and the stream cap, as a client sees them: keyed by the client's address before any token is
// looked up, and by the address a trusted proxy names (the spectator site passes browsers' requests on).

/** One request's worth of refill per 100 s. */
const REFILL = 0.01

let server: RunningServer
let api: ReturnType<typeof http>
let gameId: string

beforeAll(async () => {
  // Buckets refill once in 100 s: each test counts exactly its burst, however slowly a loaded machine runs it.
  server = await testServer({
    rateLimits: {
      reads: { perSecond: REFILL, burst: 40 },
      writes: { perSecond: REFILL, burst: 20 },
      perAddress: { perSecond: REFILL, burst: 400 },
      authFailures: { perSecond: REFILL, burst: 10 },
    },
    maxStreamsPerAddress: 3,
    trustedProxies: parseTrustedProxies("loopback"),
  })
  api = http(server.url)
  const created = await api.post("/api/games", { game: "bluff-dice", seats: 2 }, ORGANISER)
  expect(created.status).toBe(201)
  gameId = created.json.gameId
})
afterAll(() => server?.close())

/** Requests as if a trusted proxy passed them on for `client`: each test its own address, its own buckets. */
const from = (client: string, headers: Record<string, string> = {}) => ({
  ...headers,
  "x-forwarded-for": client,
})

describe("rate limits by client address", () => {
  it("spends an address's refused tokens, then answers 429 without looking further tokens up", async () => {
    const statuses: number[] = []
    for (let i = 0; i < 60; i++) {
      const r = await api.call("GET", "/api/me", {
        headers: from("198.51.100.10", {
          authorization: `Bearer brs_${randomBytes(24).toString("base64url")}`,
        }),
      })
      statuses.push(r.status)
      if (r.status === 429) {
        expect(r.json).toMatchObject({ _tag: "RateLimited", retryAfterMs: expect.any(Number) })
        expect(r.headers["retry-after"]).toMatch(/^\d+$/)
      }
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(10)
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true)
    // Another address is not held back by this one's refusals.
    const other = await api.call("GET", "/api/me", {
      headers: from("198.51.100.11", { authorization: `Bearer ${ORGANISER}` }),
    })
    expect(other.status).toBe(200)
  })

  it("limits requests to routes that do not exist", async () => {
    const statuses: number[] = []
    for (let i = 0; i < 50; i++)
      statuses.push((await api.call("GET", `/api/nothing-${i}`, { headers: from("198.51.100.20") })).status)
    expect(statuses.slice(0, 40).every((s) => s === 404)).toBe(true)
    expect(statuses.slice(40).every((s) => s === 429)).toBe(true)
  })

  it("holds an address to its own budget, however many tokens it spreads its requests over", async () => {
    const tokens: string[] = []
    for (let i = 0; i < 12; i++)
      tokens.push((await api.post("/api/tokens", { kind: "bot", name: `spread-${i}` }, ORGANISER)).json.token)
    const statuses: number[] = []
    // 420 reads over 12 tokens stay within each token's 40, not within the address's 400.
    for (let i = 0; i < 420; i++)
      statuses.push(
        (
          await api.call("GET", "/api/me", {
            headers: from("198.51.100.30", { authorization: `Bearer ${tokens[i % tokens.length]}` }),
          })
        ).status,
      )
    expect(statuses.indexOf(429)).toBe(400)
    expect(statuses.slice(0, 400).every((s) => s === 200)).toBe(true)
  })

  it("believes X-Forwarded-For only from a trusted proxy", async () => {
    const strict = await testServer({
      rateLimits: {
        reads: { perSecond: REFILL, burst: 5 },
        writes: { perSecond: REFILL, burst: 5 },
        perAddress: { perSecond: REFILL, burst: 1_000 },
        authFailures: { perSecond: REFILL, burst: 5 },
      },
      trustedProxies: parseTrustedProxies("none"),
    })
    try {
      const client = http(strict.url)
      const statuses: number[] = []
      // Each request claims a new address; untrusted, the claim is ignored and the socket's address pays.
      for (let i = 0; i < 8; i++)
        statuses.push(
          (await client.call("GET", "/api/catalogue", { headers: from(`203.0.113.${i + 1}`) })).status,
        )
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429])
    } finally {
      await strict.close()
    }
  })
})

describe("the stream cap per client address", () => {
  const open = async (client: string) => {
    const controller = new AbortController()
    const response = await fetch(`${server.url}/api/games/${gameId}/stream`, {
      headers: from(client),
      signal: controller.signal,
    })
    return { response, close: () => controller.abort() }
  }

  it("answers 429 past the cap, and frees a slot when a stream closes", async () => {
    const held = [await open("198.51.100.40"), await open("198.51.100.40"), await open("198.51.100.40")]
    expect(held.map((s) => s.response.status)).toEqual([200, 200, 200])
    const refused = await open("198.51.100.40")
    expect(refused.response.status).toBe(429)
    expect(await refused.response.json()).toMatchObject({
      _tag: "RateLimited",
      message: expect.stringContaining("3 open streams"),
    })
    // Another client has slots of its own.
    const elsewhere = await open("198.51.100.41")
    expect(elsewhere.response.status).toBe(200)
    elsewhere.close()

    held[0]?.close()
    let reopened: Awaited<ReturnType<typeof open>> | undefined
    for (let i = 0; i < 50 && reopened?.response.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 20))
      reopened = await open("198.51.100.40")
      if (reopened.response.status !== 200) await reopened.response.body?.cancel()
    }
    expect(reopened?.response.status).toBe(200)
    reopened?.close()
    for (const s of held) s.close()
  })

  it("counts a stream refused by the route (unknown game) as closed", async () => {
    for (let i = 0; i < 5; i++) {
      const r = await fetch(`${server.url}/api/games/no-such-game/stream`, { headers: from("198.51.100.50") })
      expect(r.status).toBe(404)
      await r.body?.cancel()
    }
    const ok = await open("198.51.100.50")
    expect(ok.response.status).toBe(200)
    ok.close()
  })
})
