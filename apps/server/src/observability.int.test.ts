import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import type { RunningServer } from "./Server.js"
import { eventually, http, ORGANISER, testServer } from "./testing.js"

// What an operator sees: Prometheus metrics at /metrics, JSON log lines with the request's id, route,
// game, status and duration, and spans exported over OTLP when OTEL_EXPORTER_OTLP_ENDPOINT is set.

/** An OTLP/HTTP collector that keeps the span names it is sent. */
const collector = async () => {
  const spans: string[] = []
  const server: Server = createServer((req, res) => {
    let body = ""
    req.setEncoding("utf8").on("data", (c: string) => {
      body += c
    })
    req.on("end", () => {
      if (req.url === "/v1/traces") {
        const sent = JSON.parse(body) as {
          resourceSpans: Array<{ scopeSpans: Array<{ spans: Array<{ name: string }> }> }>
        }
        for (const r of sent.resourceSpans)
          for (const s of r.scopeSpans) for (const span of s.spans) spans.push(span.name)
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}")
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    spans,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => server.close(),
  }
}

const logged: string[] = []
let server: RunningServer
let api: ReturnType<typeof http>
let otlp: Awaited<ReturnType<typeof collector>>

beforeAll(async () => {
  otlp = await collector()
  const saved = { ...process.env }
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = otlp.url
  process.env.OTEL_BSP_SCHEDULE_DELAY = "100"
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    logged.push(args.map(String).join(" "))
  })
  try {
    server = await testServer({ logFormat: "json", logRequests: true })
  } finally {
    process.env = saved
  }
  api = http(server.url)
})
afterAll(async () => {
  await server?.close()
  vi.restoreAllMocks()
  otlp?.close()
})

describe("operations", () => {
  it("serves Prometheus metrics: requests by endpoint and status, appends and their latency, clock moves, streams, projection lag", async () => {
    const created = await api.post(
      "/api/games",
      {
        game: "bluff-dice",
        seats: 2,
        gameId: "metrics1",
        options: { rounds: 1, sides: 4 },
        players: ["bot:silent", "bot:quiet"],
        decisionMs: 200,
      },
      ORGANISER,
    )
    expect(created.status).toBe(201)
    expect((await api.get("/api/games/nothing-here")).status).toBe(404)
    // Nobody answers: the clock plays the seats' default moves until the game ends.
    let ended = false
    for (let wait = 0; wait < 100 && !ended; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      ended = (await api.get("/api/games/metrics1", ORGANISER)).json.status === "ended"
    }
    expect(ended).toBe(true)
    const stream = await fetch(`${server.url}/api/games/metrics1/stream?after=0`)
    expect(stream.status).toBe(200)

    const scraped = await fetch(`${server.url}/metrics`)
    expect(scraped.status).toBe(200)
    expect(scraped.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/)
    const text = await scraped.text()
    const line = (pattern: RegExp) => text.split("\n").find((l) => pattern.test(l))
    const value = (pattern: RegExp) => Number(line(pattern)?.split(" ").pop())
    expect(value(/^boroughs_http_requests_total\{(?=.*route="createGame")(?=.*status="201")/)).toBe(1)
    expect(
      value(/^boroughs_http_requests_total\{(?=.*route="getGame")(?=.*status="404")/),
    ).toBeGreaterThanOrEqual(1)
    expect(
      value(/^boroughs_appends_total\{(?=.*outcome="appended")(?=.*stream_type="game")/),
    ).toBeGreaterThan(2)
    expect(value(/^boroughs_clock_moves_total/)).toBeGreaterThan(0)
    expect(value(/^boroughs_append_duration_seconds_count\{.*stream_type="game"/)).toBeGreaterThan(2)
    expect(line(/^boroughs_append_duration_seconds_bucket\{.*le="0\.005"/)).toBeDefined()
    expect(value(/^boroughs_http_request_duration_seconds_count\{.*route="createGame"/)).toBe(1)
    expect(value(/^boroughs_open_streams/)).toBeGreaterThanOrEqual(0)
    for (const projection of ["lobby", "snapshots", "tournaments"])
      expect(
        value(new RegExp(`^boroughs_projection_lag_seconds\\{.*projection="projection:${projection}`)),
      ).toBeGreaterThanOrEqual(0)
    await stream.body?.cancel()
  }, 30_000)

  it("logs each request as a JSON line with its id, route, game, status and duration, and echoes the id", async () => {
    const answer = await fetch(`${server.url}/api/games/metrics1`, {
      headers: { "x-request-id": "probe-42" },
    })
    expect(answer.status).toBe(200)
    expect(answer.headers.get("x-request-id")).toBe("probe-42")
    const fresh = await fetch(`${server.url}/api/games/metrics1`)
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/)
    const probeLine = () =>
      logged
        .flatMap((l) => {
          try {
            return [JSON.parse(l) as Record<string, unknown>]
          } catch {
            return []
          }
        })
        .find((l) => (l.annotations as Record<string, unknown> | undefined)?.requestId === "probe-42")
    // The line is written as the response ends, maybe after the client has it.
    const mine = await eventually(
      () => `a log line for request probe-42; the last ones:\n${logged.slice(-5).join("\n")}`,
      probeLine,
      (l) => l !== undefined,
    )
    expect(mine?.annotations).toMatchObject({
      route: "getGame",
      gameId: "metrics1",
      status: 200,
      durationMs: expect.any(Number),
      node: expect.any(String),
    })
    expect(mine?.level).toBe("INFO")
  })

  it("exports a span per request over OTLP when OTEL_EXPORTER_OTLP_ENDPOINT is set", async () => {
    await api.get("/api/catalogue")
    for (let wait = 0; wait < 50 && !otlp.spans.includes("http GET /api/catalogue"); wait++)
      await new Promise((resolve) => setTimeout(resolve, 100))
    expect(otlp.spans).toContain("http GET /api/catalogue")
    expect(otlp.spans).toContain("http POST /api/games")
  })
})

describe("metrics behind a token", () => {
  it("answers GET /metrics only to the metrics token when one is set, and names what is wrong", async () => {
    const secret = "metrics-secret-0123456789"
    const guarded = await testServer({ metricsToken: secret })
    try {
      const scrape = (headers: Record<string, string>) => fetch(`${guarded.url}/metrics`, { headers })
      const none = await scrape({})
      expect(none.status).toBe(401)
      expect(none.headers.get("www-authenticate")).toBe('Bearer realm="metrics"')
      expect(await none.json()).toMatchObject({ _tag: "Unauthorized", reason: "missing" })
      const wrong = await scrape({ authorization: "Bearer metrics-secret-0123456788" })
      expect(wrong.status).toBe(401)
      expect(await wrong.json()).toMatchObject({
        reason: "unknown",
        message: expect.not.stringContaining(secret),
      })
      // The organiser's token is not the metrics token: each secret opens its own door.
      expect((await scrape({ authorization: `Bearer ${ORGANISER}` })).status).toBe(401)
      const right = await scrape({ authorization: `Bearer ${secret}` })
      expect(right.status).toBe(200)
      expect(await right.text()).toContain("boroughs_http_requests_total")
      // The rest of the API is as before.
      expect((await fetch(`${guarded.url}/api/health`)).status).toBe(200)
    } finally {
      await guarded.close()
    }
  })
})
