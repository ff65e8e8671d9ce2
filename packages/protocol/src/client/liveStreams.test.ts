import { Effect, Stream } from "effect"
import { HttpClient, type HttpClientRequest, HttpClientResponse } from "effect/http"
import { describe, expect, it } from "vitest"
import type { BotStreamMessage } from "../BotStream.js"
import { type GameStreamMessage, gameStreamFrame, SSE_KEEP_ALIVE } from "../GameStream.js"
import { botEvents } from "./botStream.js"
import { watchGame } from "./gameStream.js"

/** One response of the fake server: its status and its body, sent in chunks of `chunkBytes` bytes. */
interface Reply {
  readonly status?: number
  readonly body: string
  readonly chunkBytes?: number
}

/** An HttpClient answering each request with the next reply, and the requests it received. */
const fakeServer = (replies: ReadonlyArray<Reply>) => {
  const requests: HttpClientRequest.HttpClientRequest[] = []
  const client = HttpClient.make((request) =>
    Effect.sync(() => {
      const reply = replies[requests.length]
      requests.push(request)
      if (reply === undefined) throw new Error(`unexpected request ${requests.length}`)
      const bytes = new TextEncoder().encode(reply.body)
      const size = reply.chunkBytes ?? bytes.length
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          // Chunks cut anywhere, even inside a UTF-8 character.
          for (let i = 0; i < bytes.length; i += size) controller.enqueue(bytes.slice(i, i + size))
          controller.close()
        },
      })
      return HttpClientResponse.fromWeb(request, new Response(body, { status: reply.status ?? 200 }))
    }),
  )
  return { client, requests }
}

const collect = <A, E>(stream: Stream.Stream<A, E, HttpClient.HttpClient>, client: HttpClient.HttpClient) =>
  Effect.runPromise(Stream.runCollect(stream).pipe(Effect.provideService(HttpClient.HttpClient, client)))

const failure = <A, E>(stream: Stream.Stream<A, E, HttpClient.HttpClient>, client: HttpClient.HttpClient) =>
  Effect.runPromise(
    Effect.flip(Stream.runCollect(stream)).pipe(Effect.provideService(HttpClient.HttpClient, client)),
  )

const event = (version: number): GameStreamMessage => ({
  type: "event",
  envelope: {
    streamId: "game-g",
    version,
    eventId: `e${version}`,
    type: "TileBought",
    schemaVersion: 1,
    data: { text: "Café — line\nbreak" },
    metadata: {},
    prevHash: String(version - 1),
    hash: String(version),
    redacted: false,
  },
})

describe("watchGame", () => {
  it("resumes a cut stream with Last-Event-ID, each event once and in order, until `end`", async () => {
    const ready: GameStreamMessage = { type: "ready", gameId: "g", version: 2, ended: false }
    const end: GameStreamMessage = { type: "end", gameId: "g", version: 4 }
    const cutFrame = gameStreamFrame(event(3))
    const { client, requests } = fakeServer([
      {
        body: [event(1), event(2), ready].map(gameStreamFrame).join(SSE_KEEP_ALIVE) + cutFrame.slice(0, 40),
        chunkBytes: 7,
      },
      { body: [event(3), event(4), end].map(gameStreamFrame).join(""), chunkBytes: 5 },
    ])
    const messages = await collect(watchGame({ baseUrl: "http://x", gameId: "g", token: "t" }), client)
    expect(messages).toEqual([event(1), event(2), ready, event(3), event(4), end])
    expect(requests.map((r) => r.headers["last-event-id"])).toEqual([undefined, "2"])
    expect(requests[0]?.headers.authorization).toBe("Bearer t")
  })

  it("fails with the server's refusal, and on a message it cannot read, without reconnecting", async () => {
    const refused = fakeServer([{ status: 403, body: JSON.stringify({ _tag: "Forbidden", message: "no" }) }])
    expect((await failure(watchGame({ baseUrl: "http://x", gameId: "g" }), refused.client))._tag).toBe(
      "Forbidden",
    )
    expect(refused.requests).toHaveLength(1)
    const garbled = fakeServer([{ body: 'event: event\ndata: {"type":"nope"}\n\n' }])
    expect((await failure(watchGame({ baseUrl: "http://x", gameId: "g" }), garbled.client))._tag).toBe(
      "StreamMalformed",
    )
    expect(garbled.requests).toHaveLength(1)
  })
})

const line = (m: BotStreamMessage) => JSON.stringify(m)
const turn: BotStreamMessage = {
  type: "yourTurn",
  requestId: "g:0:3",
  gameId: "g",
  game: "downtown",
  seat: 0,
  version: 3,
  kind: "play",
  view: { note: "Café —" },
  legal: [{ type: "Pass" }],
  deadline: null,
  timeLeftMs: null,
}
const keepAlive: BotStreamMessage = { type: "keepAlive", time: "2025-01-01T00:00:00Z" }
const closed: BotStreamMessage = { type: "streamClosed", reason: "replaced", message: "another stream" }

describe("botEvents", () => {
  it("reads lines cut anywhere, drops keep-alives, reconnects after a cut, and ends when closed for good", async () => {
    const { client, requests } = fakeServer([
      // CRLF, a blank line, and a last line the connection's end cut short.
      { body: `${line(turn)}\r\n\n${line(keepAlive)}\n${line(turn).slice(0, 30)}`, chunkBytes: 6 },
      { body: `${line(turn)}\n${line(keepAlive)}\n${line(closed)}\n`, chunkBytes: 11 },
    ])
    expect(await collect(botEvents({ baseUrl: "http://x", token: "t" }), client)).toEqual([
      turn,
      turn,
      closed,
    ])
    expect(requests).toHaveLength(2)
    const withKeepAlives = fakeServer([{ body: `${line(keepAlive)}\n${line(closed)}` }])
    expect(
      await collect(botEvents({ baseUrl: "http://x", keepAlives: true }), withKeepAlives.client),
    ).toEqual([keepAlive, closed])
  })

  it("fails on a line that is not a message, without reconnecting", async () => {
    for (const body of ['{"type":"nope"}\n', "not json\n"]) {
      const { client, requests } = fakeServer([{ body }])
      expect((await failure(botEvents({ baseUrl: "http://x" }), client))._tag).toBe("StreamMalformed")
      expect(requests).toHaveLength(1)
    }
  })
})
