import { freshDatabase } from "@boroughs/store/testing"
import { Effect, Exit, Scope } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RunningServer } from "../Server.js"
import { http, ORGANISER, testServer } from "../testing.js"

// The ladder pairs only bots with a stream open, by the mark each stream writes on opening and every
// keep-alive, cleared when it closes. Keep-alives here are a minute apart, so a mark left behind by mistake
// would keep a bot "connected" for the whole test (a mark counts for three keep-alives). PostgreSQL runs the
// marks and the clearing on connections of a pool, in whatever order they reach it; PGlite one at a time.
const DATABASE_URL = process.env.DATABASE_URL
const backends = DATABASE_URL ? (["pglite", "postgres"] as const) : (["pglite"] as const)

describe.each(backends)("%s", (backend) => {
  let server: RunningServer
  let scope: Scope.Closeable | undefined
  let call: ReturnType<typeof http>["call"]
  let token: string

  const connected = async (): Promise<boolean | undefined> => {
    const r = await call("GET", "/api/ladder/uptown")
    return r.json.standings.find((s: { holder: string }) => s.holder === "bot:presence")?.connected
  }

  const until = async (what: string, probe: () => Promise<boolean>, ms = 10_000) => {
    const end = Date.now() + ms
    while (!(await probe())) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
      await new Promise((r) => setTimeout(r, 50))
    }
  }

  /** Opens the bot's stream; resolves once the server has answered, with a way to close it. */
  const openStream = async () => {
    const abort = new AbortController()
    const response = await fetch(`${server.url}/api/bot/stream`, {
      headers: { authorization: `Bearer ${token}` },
      signal: abort.signal,
    })
    expect(response.status).toBe(200)
    const reader = response.body?.getReader()
    const lines: string[] = []
    void (async () => {
      const decoder = new TextDecoder()
      try {
        for (;;) {
          const chunk = await reader?.read()
          if (!chunk || chunk.done) return
          lines.push(decoder.decode(chunk.value))
        }
      } catch {
        // closed by the test
      }
    })()
    return { lines, close: () => abort.abort() }
  }

  beforeAll(async () => {
    scope = await Effect.runPromise(Scope.make())
    const database =
      backend === "postgres"
        ? {
            kind: "postgres" as const,
            url: (await Effect.runPromise(freshDatabase(DATABASE_URL as string).pipe(Scope.provide(scope))))
              .url,
          }
        : undefined
    // No house bots to pair with: the ladder must not start games around the bot while the test watches it.
    server = await testServer({
      keepAliveMs: 60_000,
      ladder: { tickMs: 3_600_000 },
      ...(database === undefined ? {} : { database }),
    })
    call = http(server.url).call
    const issued = await call("POST", "/api/tokens", {
      token: ORGANISER,
      body: { kind: "bot", name: "presence" },
    })
    token = issued.json.token
    expect((await call("POST", "/api/ladder/entries", { token, body: { game: "uptown" } })).status).toBe(201)
    await until("the entry", async () => (await connected()) === false)
  }, 60_000)

  afterAll(async () => {
    await server?.close()
    if (scope) await Effect.runPromise(Scope.close(scope, Exit.void))
  })

  describe("a bot's presence", () => {
    it("ends with its stream, however soon the stream closes", async () => {
      for (let round = 0; round < 20; round++) {
        const stream = await openStream()
        stream.close()
      }
      await until("the bot to show as disconnected", async () => (await connected()) === false)
      // And it stays so: no mark still in flight lands after the clearing.
      await new Promise((r) => setTimeout(r, 1_000))
      expect(await connected()).toBe(false)
    })

    it("is not cleared by a closing stream when a newer stream of the bot has marked since", async () => {
      const stream = await openStream()
      await until("the stream's mark", async () => (await connected()) === true)
      // Another stream of the bot on this node marks after this one (as the replacing stream below does).
      await Effect.runPromise(server.app.ladder.markPresent("bot:presence", "test"))
      stream.close()
      await new Promise((r) => setTimeout(r, 1_000))
      expect(await connected()).toBe(true)
      await Effect.runPromise(
        server.app.ladder
          .markPresent("bot:presence", "test")
          .pipe(Effect.flatMap((mark) => server.app.ladder.markGone("bot:presence", "test", mark))),
      )
      expect(await connected()).toBe(false)
    })

    it("outlives a stream its own newer stream replaced", async () => {
      const first = await openStream()
      await until("the first stream's mark", async () => (await connected()) === true)
      const second = await openStream()
      await until("the first stream to be replaced", async () => first.lines.join("").includes('"replaced"'))
      await new Promise((r) => setTimeout(r, 1_000))
      expect(await connected()).toBe(true)
      second.close()
      await until("the bot to show as disconnected", async () => (await connected()) === false)
      first.close()
    })
  })
})
