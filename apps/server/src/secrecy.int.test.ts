import type { EventEnvelope, Viewer } from "@boroughs/core"
import { type BotStreamMessage, botEvents, SseParser } from "@boroughs/protocol"
import { Effect, Fiber, Stream } from "effect"
import { FetchHttpClient } from "effect/http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RunningServer } from "./Server.js"
import { leaksIn, SecretLedger } from "./secrecy/ledger.js"
import { eventually, http, ORGANISER, testServer } from "./testing.js"

const GAMES = 3
const SEATS = 4

let server: RunningServer
let api: ReturnType<typeof http>
const tokens: string[] = []

beforeAll(async () => {
  server = await testServer()
  api = http(server.url)
  for (let s = 0; s < SEATS; s++)
    tokens.push((await api.post("/api/tokens", { kind: "bot", name: `scan${s}` }, ORGANISER)).json.token)
})
afterAll(() => server?.close())

/** Everything one viewer received, message by message, with the version each message is at. */
interface Received {
  readonly viewer: Viewer
  readonly messages: Array<{ version: number; text: string }>
}

/** Records a game's SSE stream as `token`'s viewer (spectator without one) until the game ends. */
const recordSse = async (gameId: string, viewer: Viewer, token?: string): Promise<Received> => {
  const received: Received = { viewer, messages: [] }
  const response = await fetch(`${server.url}/api/games/${gameId}/stream`, {
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  })
  const parser = new SseParser((e) => {
    const m = JSON.parse(e.data)
    received.messages.push({ version: m.envelope?.version ?? m.version, text: e.data })
  })
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  for (;;) {
    const { value, done } = await reader.read()
    if (done) break
    parser.feed(decoder.decode(value, { stream: true }))
  }
  return received
}

/**
 * A bot for one seat of every game over the gateway (one stream per token): random legal moves; records every
 * line it receives per game; stops when all games have ended.
 */
const playSeat = (seat: number, logs: Map<string, Received>) => {
  let ended = 0
  return botEvents({ baseUrl: server.url, token: tokens[seat] as string }).pipe(
    Stream.tap((m: BotStreamMessage) =>
      Effect.sync(() => {
        const log = "gameId" in m ? logs.get(m.gameId) : undefined
        log?.messages.push({ version: (m as { version: number }).version, text: JSON.stringify(m) })
        if (m.type === "gameEnded") ended++
      }),
    ),
    Stream.tap((m) =>
      m.type === "yourTurn"
        ? Effect.promise(() =>
            api.post(
              `/api/games/${m.gameId}/commands`,
              {
                commandId: `${m.seat}:${m.version}`,
                seat: m.seat,
                command: m.legal[Math.floor(Math.random() * m.legal.length)],
                expectedVersion: m.version,
              },
              tokens[seat],
            ),
          )
        : Effect.void,
    ),
    Stream.takeUntil(() => ended === GAMES),
    Stream.runDrain,
    Effect.provide(FetchHttpClient.layer),
  )
}

/** A stream's appends: runs of events sharing the command id of their first event. */
const appendsOf = (envelopes: ReadonlyArray<EventEnvelope>): EventEnvelope[][] => {
  const out: EventEnvelope[][] = []
  for (const e of envelopes) {
    const last = out[out.length - 1]
    if (last !== undefined && last[0]?.metadata.commandId === e.metadata.commandId) last.push(e)
    else out.push([e])
  }
  return out
}

/**
 * The ledger's verdict on everything a viewer received, each message at its version (a message at version
 * v goes out with the rest of its append). `controls` counts the viewer's messages that carried its own
 * secrets: proof the scan sees a secret when one is there.
 */
const scan = (envelopes: ReadonlyArray<EventEnvelope>, received: Received) => {
  const ledger = new SecretLedger(server.app.config.findGame("downtown")!)
  const appends = appendsOf(envelopes)
  const leaks: string[] = []
  let next = 0
  let scanned = 0
  let controls = 0
  for (const m of [...received.messages].sort((a, b) => a.version - b.version)) {
    while (next < appends.length && (appends[next]?.[0]?.version ?? Number.POSITIVE_INFINITY) <= m.version)
      ledger.feed(appends[next++] as EventEnvelope[])
    scanned++
    for (const leak of leaksIn(m.text, ledger.forbidden(received.viewer)))
      leaks.push(`v${m.version} to ${JSON.stringify(received.viewer)}: ${leak}`)
    if (
      received.viewer.kind === "seat" &&
      leaksIn(m.text, ledger.forbidden({ kind: "spectator" })).length > 0
    )
      controls++
  }
  return { leaks, scanned, controls }
}

describe("over the real server, nothing a spectator or another seat receives holds a hidden value", () => {
  it(`${GAMES} Downtown games played by bots over the gateway, watched by a spectator and every seat`, async () => {
    const botLogs = tokens.map(() => new Map<string, Received>())
    const bots = Effect.runFork(
      Effect.all(
        botLogs.map((logs, seat) => playSeat(seat, logs)),
        { concurrency: "unbounded" },
      ),
    )
    // Every bot's stream open (the server's only streams yet) before the games start, so each hears of them.
    await eventually(
      `${SEATS} bot streams open`,
      () => api.get("/api/health"),
      (r) => r.json.streams === SEATS,
    )
    const games = await Promise.all(
      Array.from({ length: GAMES }, async (_, g) => {
        const gameId = `scan${g}`
        botLogs.forEach((logs, seat) => {
          logs.set(gameId, { viewer: { kind: "seat", seat }, messages: [] })
        })
        const created = await api.post(
          "/api/games",
          {
            game: "downtown",
            seats: SEATS,
            gameId,
            players: tokens.map((_, s) => `bot:scan${s}`),
            decisionMs: 20_000,
          },
          ORGANISER,
        )
        expect(created.status, JSON.stringify(created.json)).toBe(201)
        const watchers = await Promise.all([
          recordSse(gameId, { kind: "spectator" }),
          ...tokens.map((token, seat) => recordSse(gameId, { kind: "seat", seat }, token)),
        ])
        // Once the game has ended its events are public: the organiser reads the whole truth.
        const { json } = await api.get(`/api/games/${gameId}/events?limit=1000`, ORGANISER)
        return { gameId, envelopes: json.events as EventEnvelope[], received: watchers }
      }),
    )
    await Effect.runPromise(Fiber.join(bots))
    for (const g of games) g.received.push(...botLogs.map((logs) => logs.get(g.gameId) as Received))
    let scanned = 0
    let controls = 0
    for (const { envelopes, received } of games) {
      expect(envelopes.at(-1)?.type).toBe("GameEnded")
      for (const r of received) {
        const result = scan(envelopes, r)
        expect(result.leaks).toEqual([])
        scanned += result.scanned
        controls += result.controls
      }
    }
    expect(scanned).toBeGreaterThan(GAMES * 500)
    expect(controls).toBeGreaterThan(0)
  })
})
