import { connect } from "node:net"
import {
  type BotStreamMessage,
  botEvents,
  type GameStreamMessage,
  SSE_KEEP_ALIVE,
  SseParser,
  watchGame,
} from "@boroughs/protocol"
import { Effect, Fiber, Stream } from "effect"
import { FetchHttpClient } from "effect/http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RunningServer } from "./Server.js"
import { eventually, http, ORGANISER, testServer } from "./testing.js"

let server: RunningServer
let api: ReturnType<typeof http>
const tokens: Record<string, string> = {}

beforeAll(async () => {
  server = await testServer({ keepAliveMs: 300 })
  api = http(server.url)
  for (const name of ["alpha", "beta", "hang"]) {
    const r = await api.post("/api/tokens", { kind: "bot", name }, ORGANISER)
    tokens[name] = r.json.token
  }
})
afterAll(() => server?.close())

/** A raw SSE connection: parsed events, the raw text (for keep-alives), and a way to wait and close. */
const openSse = async (path: string, headers: Record<string, string> = {}) => {
  const controller = new AbortController()
  const response = await fetch(`${server.url}${path}`, { headers, signal: controller.signal })
  const events: { id: string | undefined; event: string; data: unknown }[] = []
  let raw = ""
  let done = false
  const parser = new SseParser((e) => events.push({ id: e.id, event: e.event, data: JSON.parse(e.data) }))
  const reading = (async () => {
    const reader = response.body!.getReader()
    const decoder = new TextDecoder()
    try {
      for (;;) {
        const { value, done: end } = await reader.read()
        if (end) break
        const text = decoder.decode(value, { stream: true })
        raw += text
        parser.feed(text)
      }
    } catch {
      // aborted
    }
    done = true
  })()
  const until = async (check: () => boolean, ms = 10_000) => {
    const end = Date.now() + ms
    while (!check()) {
      if (Date.now() > end)
        throw new Error(`SSE condition not met; got ${events.map((e) => e.event).join(",")}`)
      await new Promise((r) => setTimeout(r, 10))
    }
  }
  return {
    status: response.status,
    events,
    raw: () => raw,
    ended: () => done,
    until,
    close: async () => {
      controller.abort()
      await reading
    },
  }
}

const versions = (events: ReadonlyArray<{ event: string; data: unknown }>) =>
  events
    .filter((e) => e.event === "event")
    .map((e) => (e.data as { envelope: { version: number } }).envelope.version)

/** Plays seat `seat`'s first legal command as the organiser. */
const playFirst = async (gameId: string) => {
  const { json } = await api.get(`/api/games/${gameId}`, ORGANISER)
  const seat = json.pending[0] as number
  const { json: asSeat } = await api.get(`/api/games/${gameId}?seat=${seat}`, ORGANISER)
  const command = asSeat.decisions.find((d: { seat: number }) => d.seat === seat).legal[0]
  const r = await api.post(
    `/api/games/${gameId}/commands`,
    { commandId: `v${json.version}`, seat, command },
    ORGANISER,
  )
  expect(r.status).toBe(200)
  return r.json.version as number
}

/** A bot over the gateway: answers every yourTurn of its token with its first legal command, once. */
const runBot = (token: string, log: BotStreamMessage[], stopAfterEnded?: string) =>
  botEvents({ baseUrl: server.url, token, keepAlives: true }).pipe(
    Stream.tap((m) => Effect.sync(() => log.push(m))),
    Stream.tap((m) =>
      m.type === "yourTurn"
        ? Effect.promise(() =>
            api.post(
              `/api/games/${m.gameId}/commands`,
              {
                commandId: `${m.seat}:${m.version}`,
                seat: m.seat,
                command: m.legal[0],
                expectedVersion: m.version,
              },
              token,
            ),
          )
        : Effect.void,
    ),
    Stream.takeUntil((m) => m.type === "gameEnded" && m.gameId === stopAfterEnded),
    Stream.runDrain,
    Effect.provide(FetchHttpClient.layer),
  )

describe("game streams (SSE)", () => {
  it("sends what happened, says ready, then live events; resumes after Last-Event-ID without gaps or repeats", async () => {
    await api.post(
      "/api/games",
      { game: "bluff-dice", seats: 2, gameId: "sse1", decisionMs: null },
      ORGANISER,
    )
    const first = await openSse("/api/games/sse1/stream")
    expect(first.status).toBe(200)
    await first.until(() => first.events.some((e) => e.event === "ready"))
    const head = versions(first.events).at(-1) as number
    expect(versions(first.events)).toEqual(Array.from({ length: head }, (_, i) => i + 1))
    const after = await playFirst("sse1")
    await first.until(() => versions(first.events).includes(after))
    // Quiet for longer than keepAliveMs: a keep-alive comment arrives.
    await first.until(() => first.raw().includes(": keep-alive"), 3_000)
    await first.close()
    const more = await playFirst("sse1")
    const resumed = await openSse("/api/games/sse1/stream", { "last-event-id": String(after) })
    await resumed.until(() => resumed.events.some((e) => e.event === "ready"))
    expect(versions(resumed.events)).toEqual(Array.from({ length: more - after }, (_, i) => after + 1 + i))
    expect(resumed.events.find((e) => e.event === "event")?.id).toBe(String(after + 1))
    await resumed.close()
  })

  it("the protocol's watchGame follows a game to its end, and a finished game's stream ends (204 on resume)", async () => {
    await api.post(
      "/api/games",
      { game: "bluff-dice", seats: 2, gameId: "sse2", options: { rounds: 1, sides: 4 }, decisionMs: null },
      ORGANISER,
    )
    const watcher = Effect.runFork(
      Stream.runCollect(watchGame({ baseUrl: server.url, gameId: "sse2" })).pipe(
        Effect.provide(FetchHttpClient.layer),
      ),
    )
    let ended = false
    while (!ended) {
      await playFirst("sse2")
      ended = (await api.get("/api/games/sse2")).json.status === "ended"
    }
    const messages = (await Effect.runPromise(Fiber.join(watcher))) as GameStreamMessage[]
    const events = messages.flatMap((m) => (m.type === "event" ? [m.envelope] : []))
    expect(events.map((e) => e.version)).toEqual(events.map((_, i) => i + 1))
    expect(events.at(-1)?.type).toBe("GameEnded")
    expect(messages.at(-1)).toMatchObject({ type: "end", gameId: "sse2", version: events.length })
    // After the end everything is public: a late spectator gets the whole game, seed included.
    const late = await openSse("/api/games/sse2/stream")
    await late.until(() => late.ended())
    expect(late.events.at(-1)?.event).toBe("end")
    const started = late.events[0]?.data as { envelope: { data: { seed?: string }; redacted: boolean } }
    expect(started.envelope.redacted).toBe(false)
    expect(typeof started.envelope.data.seed).toBe("string")
    const again = await fetch(`${server.url}/api/games/sse2/stream`, {
      headers: { "last-event-id": String(events.length) },
    })
    expect(again.status).toBe(204)
  })

  it("writes its frames as the response's own framing: chunks for HTTP/1.1, the bare body for HTTP/1.0", async () => {
    await api.post(
      "/api/games",
      { game: "bluff-dice", seats: 2, gameId: "wire1", decisionMs: null },
      ORGANISER,
    )
    const { port } = new URL(server.url)
    /** A raw GET over TCP: everything the server sent until it has sent `ready` and one live event. */
    const rawGet = (httpVersion: "1.0" | "1.1") =>
      new Promise<{ head: string; body: string }>((resolve, reject) => {
        const socket = connect({ host: "127.0.0.1", port: Number(port) })
        let text = ""
        let played = false
        socket.on("connect", () =>
          socket.write(`GET /api/games/wire1/stream HTTP/${httpVersion}\r\nHost: x\r\n\r\n`),
        )
        socket.on("data", async (chunk) => {
          text += chunk.toString("utf8")
          if (!played && text.includes("event: ready")) {
            played = true
            await playFirst("wire1")
          } else if (played && text.lastIndexOf("event: event") > text.indexOf("event: ready")) {
            socket.destroy()
            const cut = text.indexOf("\r\n\r\n")
            resolve({ head: text.slice(0, cut), body: text.slice(cut + 4) })
          }
        })
        socket.on("error", reject)
      })
    const chunked = await rawGet("1.1")
    expect(chunked.head).toMatch(/transfer-encoding: chunked/i)
    // Every chunk: its size in hex, CRLF, exactly that many bytes, CRLF.
    let rest = Buffer.from(chunked.body)
    let frames = ""
    while (rest.length > 0) {
      const line = rest.indexOf("\r\n")
      const size = Number.parseInt(rest.subarray(0, line).toString("latin1"), 16)
      expect(Number.isNaN(size)).toBe(false)
      const data = rest.subarray(line + 2, line + 2 + size)
      if (data.length < size) break // the last chunk may still be arriving
      expect(rest.subarray(line + 2 + size, line + 4 + size).toString("latin1")).toBe("\r\n")
      frames += data.toString("utf8")
      rest = rest.subarray(line + 4 + size)
    }
    expect(frames).toMatch(/^id: 1\nevent: event\ndata: \{/)
    expect(frames).toContain("event: ready")
    const plain = await rawGet("1.0")
    expect(plain.head).not.toMatch(/transfer-encoding/i)
    expect(plain.body).toMatch(/^id: 1\nevent: event\ndata: \{/)
  })

  it("two servers in one process, each with a game of the same id: each stream sends its own game's events", async () => {
    const other = await testServer({ keepAliveMs: 300 })
    try {
      const otherApi = http(other.url)
      const body = (seed: string) => ({
        game: "bluff-dice",
        seats: 2,
        gameId: "twin",
        seed,
        decisionMs: null,
      })
      await api.post("/api/games", body("twin-a"), ORGANISER)
      await otherApi.post("/api/games", body("twin-b"), ORGANISER)
      for (const [base, client] of [
        [server.url, api],
        [other.url, otherApi],
      ] as const) {
        const controller = new AbortController()
        const response = await fetch(`${base}/api/games/twin/stream`, { signal: controller.signal })
        const reader = response.body!.getReader()
        const decoder = new TextDecoder()
        let text = ""
        while (!text.includes("event: ready"))
          text += decoder.decode((await reader.read()).value, { stream: true })
        controller.abort()
        const streamed = [...text.matchAll(/"hash":"([0-9a-f]{64})"/g)].map((m) => m[1])
        const { json } = await client.get("/api/games/twin/events", ORGANISER)
        const stored = (json.events as Array<{ hash: string }>).map((e) => e.hash)
        expect(streamed.length).toBeGreaterThan(0)
        expect(streamed).toEqual(stored.slice(0, streamed.length))
      }
    } finally {
      await other.close()
    }
  })

  it("a delayed spectator's stream holds the last N events back", async () => {
    await api.post(
      "/api/games",
      {
        game: "bluff-dice",
        seats: 3,
        gameId: "sse3",
        spectators: { mode: "delayed", events: 2 },
        decisionMs: null,
      },
      ORGANISER,
    )
    const spectator = await openSse("/api/games/sse3/stream")
    const organiser = await openSse(`/api/games/sse3/stream?access_token=${ORGANISER}`)
    let head = 0
    for (let i = 0; i < 4; i++) head = await playFirst("sse3")
    await organiser.until(() => versions(organiser.events).includes(head))
    await spectator.until(() => versions(spectator.events).includes(head - 2))
    // That something is never sent can only be waited out. The server's own word that it had nothing more:
    // a keep-alive, written only once a stream has been quiet for keepAliveMs, after the frame of head - 2.
    await spectator.until(() => {
      const raw = spectator.raw()
      return raw.includes(SSE_KEEP_ALIVE, raw.indexOf(`id: ${head - 2}\n`))
    })
    expect(Math.max(...versions(spectator.events))).toBe(head - 2)
    await spectator.close()
    await organiser.close()
  })
})

describe("the bot gateway (NDJSON)", () => {
  it("tells a bot of its games and turns, with its own view, legal commands and deadline, until the game ends", async () => {
    const log: BotStreamMessage[] = []
    const betaLog: BotStreamMessage[] = []
    const bots = Effect.runFork(
      Effect.all(
        [runBot(tokens.alpha as string, log, "bot1"), runBot(tokens.beta as string, betaLog, "bot1")],
        { concurrency: 2 },
      ),
    )
    // A keep-alive on each stream: both are open, and the server follows new games for them.
    await eventually(
      "a keep-alive on both bots' streams",
      () => [log, betaLog].map((l) => l.some((m) => m.type === "keepAlive")),
      (open) => open.every(Boolean),
    )
    // Created after the bots connected: the gateway picks it up as it starts.
    await api.post(
      "/api/games",
      {
        game: "bluff-dice",
        seats: 2,
        gameId: "bot1",
        players: ["bot:alpha", "bot:beta"],
        options: { rounds: 2, sides: 6 },
        decisionMs: 60_000,
      },
      ORGANISER,
    )
    await Effect.runPromise(Fiber.join(bots))
    const mine = log.filter((m) => "gameId" in m && m.gameId === "bot1")
    expect(mine[0]).toMatchObject({
      type: "gameStarted",
      game: "bluff-dice",
      seats: [0],
      players: ["bot:alpha", "bot:beta"],
    })
    const turn = mine.find((m) => m.type === "yourTurn")
    expect(turn).toMatchObject({
      game: "bluff-dice",
      seat: 0,
      view: { you: 0 },
      legal: expect.any(Array),
      deadline: expect.any(String),
    })
    // The stdio protocol's fields too: the request id to answer with and the time left on the clock.
    const { requestId, version, timeLeftMs, deadline } = turn as {
      requestId: string
      version: number
      timeLeftMs: number
      deadline: string
    }
    expect(requestId).toBe(`bot1:0:${version}`)
    expect(Date.parse(deadline)).toBeGreaterThan(Date.now() - 60_000)
    expect(timeLeftMs).toBeGreaterThan(0)
    expect(timeLeftMs).toBeLessThanOrEqual(60_000)
    expect(mine.at(-1)).toMatchObject({ type: "gameEnded", ranks: expect.any(Array) })
    const game = await api.get("/api/games/bot1")
    expect(game.json.status).toBe("ended")
  })

  it("a second stream with the same token closes the first", async () => {
    // No wait once the first's response has started: a client knows no more than that, and it is enough.
    const first = await openSse("/api/bot/stream", { authorization: `Bearer ${tokens.alpha}` })
    expect(first.status).toBe(200)
    const second = await openSse("/api/bot/stream", { authorization: `Bearer ${tokens.alpha}` })
    await first.until(() => first.ended())
    expect(first.raw().trim().split("\n").at(-1)).toContain('"reason":"replaced"')
    expect(second.ended()).toBe(false)
    await second.close()
  })

  it("revoking a token ends its open bot stream", async () => {
    const { json: issued } = await api.post("/api/tokens", { kind: "bot", name: "gone" }, ORGANISER)
    // Revoked as soon as the stream's response has started: a stream that open must end too.
    const stream = await openSse("/api/bot/stream", { authorization: `Bearer ${issued.token}` })
    expect(stream.status).toBe(200)
    expect((await api.call("DELETE", `/api/tokens/${issued.tokenId}`, { token: ORGANISER })).status).toBe(204)
    await stream.until(() => stream.ended(), 5_000)
    expect(stream.raw().trim().split("\n").at(-1)).toContain('"reason":"revoked"')
  })

  it("a bot that hangs is timed out: the clock plays the default command and the game goes on to its end", async () => {
    const log: BotStreamMessage[] = []
    // hang connects and hears its turns but never answers.
    const hanging = Effect.runFork(
      botEvents({ baseUrl: server.url, token: tokens.hang as string }).pipe(
        Stream.runForEach((m) => Effect.sync(() => log.push(m))),
        Effect.provide(FetchHttpClient.layer),
      ),
    )
    const beta = Effect.runFork(runBot(tokens.beta as string, [], "hang1"))
    await api.post(
      "/api/games",
      {
        game: "bluff-dice",
        seats: 2,
        gameId: "hang1",
        players: ["bot:hang", "bot:beta"],
        options: { rounds: 2, sides: 4 },
        decisionMs: 1_000,
      },
      ORGANISER,
    )
    await Effect.runPromise(Fiber.join(beta))
    await Effect.runPromise(Fiber.interrupt(hanging))
    const events = (await api.get("/api/games/hang1/events?limit=1000")).json.events as Array<{
      metadata: Record<string, unknown>
      type: string
    }>
    const byClock = events.filter((e) => e.metadata.actor === "clock")
    expect(byClock.length).toBeGreaterThan(0)
    expect(byClock.every((e) => e.metadata.seat === 0)).toBe(true)
    expect(byClock[0]?.metadata.timeout).toMatchObject({ seat: 0, deadline: expect.any(String) })
    expect(events.at(-1)?.type).toBe("GameEnded")
    expect(log.some((m) => m.type === "yourTurn" && m.gameId === "hang1")).toBe(true)
  })
})
