import { bluffDice } from "@boroughs/core/fixture"
import { makeClient, openApiDocument } from "@boroughs/protocol"
import { Effect } from "effect"
import { FetchHttpClient } from "effect/http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RunningServer } from "./Server.js"
import { clockPast, eventually, http, ORGANISER, testServer } from "./testing.js"

let server: RunningServer
let api: ReturnType<typeof http>
const tokens: Record<string, string> = {}

const issue = async (kind: string, name: string, extra: Record<string, unknown> = {}) => {
  const r = await api.post("/api/tokens", { kind, name, ...extra }, ORGANISER)
  expect(r.status).toBe(201)
  return r.json as { token: string; tokenId: string }
}

const createGame = async (body: Record<string, unknown>) => {
  const r = await api.post("/api/games", { game: "bluff-dice", seats: 2, ...body }, ORGANISER)
  expect(r.status, JSON.stringify(r.json)).toBe(201)
  return r.json
}

beforeAll(async () => {
  server = await testServer({
    rateLimits: {
      reads: { perSecond: 1_000, burst: 5_000 },
      writes: { perSecond: 20, burst: 100 },
      perAddress: { perSecond: 1_000, burst: 10_000 },
      authFailures: { perSecond: 100, burst: 1_000 },
    },
  })
  api = http(server.url)
  tokens.alpha = (await issue("bot", "alpha")).token
  tokens.beta = (await issue("bot", "beta")).token
  tokens.carol = (await issue("player", "carol")).token
  await createGame({ gameId: "duel", players: ["bot:alpha", "bot:beta"], seed: "duel" })
})
afterAll(() => server?.close())

describe("the API contract", () => {
  it("serves the OpenAPI document generated from the protocol, and implements every route it lists", async () => {
    const served = await api.get("/api/openapi.json")
    expect(served.status).toBe(200)
    expect(served.json).toEqual(JSON.parse(JSON.stringify(openApiDocument())))
    for (const [path, item] of Object.entries(served.json.paths as Record<string, object>))
      for (const method of Object.keys(item)) {
        const concrete = path.replace("{gameId}", "duel").replace("{tokenId}", "tok_none")
        if (path.endsWith("/stream")) continue
        const r = await api.call(
          method.toUpperCase(),
          concrete,
          method === "post" ? { raw: "{}", headers: { "content-type": "application/json" } } : {},
        )
        expect(r.json?.message ?? "", `${method} ${path}`).not.toMatch(/^no route|is not allowed/)
      }
  })

  it("the typed client derived from the HttpApi speaks to the server", async () => {
    const result = await Effect.runPromise(
      Effect.gen(function* () {
        const organiser = yield* makeClient({ baseUrl: server.url, token: ORGANISER })
        const alpha = yield* makeClient({ baseUrl: server.url, token: tokens.alpha })
        const created = yield* organiser.games.createGame({
          payload: {
            game: "bluff-dice",
            seats: 2,
            gameId: "typed",
            players: ["bot:alpha", null],
            decisionMs: null,
          },
        })
        const game = yield* alpha.games.getGame({ params: { gameId: "typed" }, query: {} })
        const decision = game.decisions[0]!
        const accepted = yield* alpha.games.command({
          params: { gameId: "typed" },
          payload: {
            commandId: "t1",
            seat: decision.seat,
            command: decision.legal[0],
            expectedVersion: game.version,
          },
        })
        const refused = yield* Effect.flip(
          alpha.games.command({
            params: { gameId: "typed" },
            payload: { commandId: "t2", seat: 0, command: { type: "CommitBid", bid: 99 } },
          }),
        )
        const events = yield* alpha.games.events({ params: { gameId: "typed" }, query: { after: 1 } })
        const view = yield* alpha.games.viewAt({ params: { gameId: "typed" }, query: { at: 2 } })
        const me = yield* alpha.tokens.me({})
        const catalogue = yield* alpha.games.catalogue({})
        return { created, game, accepted, refused, events, view, me, catalogue }
      }).pipe(Effect.provide(FetchHttpClient.layer)),
    )
    expect(result.created).toMatchObject({ gameId: "typed", viewer: { kind: "organiser" }, decisionMs: null })
    expect(result.game.viewer).toEqual({ kind: "seat", seat: 0 })
    expect(result.accepted.duplicate).toBe(false)
    expect(result.refused).toMatchObject({
      _tag: "RuleViolation",
      rule: expect.stringMatching(/^(bluff-dice|kernel)\./),
    })
    expect(result.events.events[0]?.version).toBe(2)
    expect(result.view.version).toBe(2)
    expect(result.me).toEqual({ kind: "bot", name: "alpha", tokenId: expect.any(String) })
    expect(result.catalogue.games.map((g) => g.id)).toEqual(
      expect.arrayContaining(["downtown", "bluff-dice"]),
    )
  })
})

describe("bad input gets the right 4xx with a reason, and writes nothing", () => {
  const command = (body: unknown, token = tokens.alpha) => api.post("/api/games/duel/commands", body, token)
  const version = async () => (await api.get("/api/games/duel", ORGANISER)).json.version as number

  it("400: malformed JSON, a body or query the schema refuses, a seat the game does not have", async () => {
    const before = await version()
    const malformed = await api.call("POST", "/api/games/duel/commands", {
      token: tokens.alpha as string,
      raw: '{"commandId": "x", "seat": 0,',
      headers: { "content-type": "application/json" },
    })
    expect(malformed).toMatchObject({
      status: 400,
      json: { _tag: "BadRequest", message: expect.stringMatching(/^malformed JSON/) },
    })
    const empty = await api.call("POST", "/api/games/duel/commands", {
      token: tokens.alpha as string,
      raw: "",
      headers: { "content-type": "application/json" },
    })
    expect(empty.json.message).toMatch(/empty/)
    const missing = await command({ seat: 0, command: { type: "CommitBid", bid: 1 } })
    expect(missing).toMatchObject({ status: 400, json: { message: expect.stringContaining("commandId") } })
    const negative = await command({ commandId: "n", seat: -1, command: {} })
    expect(negative.status).toBe(400)
    const seat = await command(
      { commandId: "s9", seat: 9, command: { type: "CommitBid", bid: 1 } },
      ORGANISER,
    )
    expect(seat).toMatchObject({ status: 400, json: { message: "game duel has seats 0–1, not 9" } })
    const query = await api.get("/api/games/duel/events?after=minus-one")
    expect(query).toMatchObject({ status: 400, json: { message: expect.stringContaining("after") } })
    const sse = await api.call("GET", "/api/games/duel/stream", { headers: { "last-event-id": "x" } })
    expect(sse).toMatchObject({ status: 400, json: { message: expect.stringContaining("Last-Event-ID") } })
    expect(await version()).toBe(before)
  })

  it("404: unknown games, routes and versions; 405-like methods name the allowed ones", async () => {
    expect((await api.get("/api/games/nope")).json).toEqual({ _tag: "NotFound", message: "no game nope" })
    expect((await command({ commandId: "c", seat: 0, command: {} })).status).not.toBe(404)
    expect(
      (await api.post("/api/games/nope/commands", { commandId: "c", seat: 0, command: {} }, tokens.alpha))
        .status,
    ).toBe(404)
    expect((await api.get("/api/nothing")).json.message).toBe("no route GET /api/nothing")
    expect((await api.call("PUT", "/api/games")).json.message).toBe(
      "PUT is not allowed on /api/games (allowed: POST, GET)",
    )
    expect((await api.get("/api/games/duel/view?at=9999")).status).toBe(404)
  })

  it("413 for an oversized body, 415 for a body that is not JSON", async () => {
    const huge = await api.call("POST", "/api/games/duel/commands", {
      token: tokens.alpha as string,
      raw: JSON.stringify({
        commandId: "big",
        seat: 0,
        command: { type: "CommitBid", pad: "x".repeat(200_000) },
      }),
      headers: { "content-type": "application/json" },
    })
    expect(huge).toMatchObject({ status: 413, json: { _tag: "PayloadTooLarge", limit: 65_536 } })
    const text = await api.call("POST", "/api/games/duel/commands", {
      token: tokens.alpha as string,
      raw: "commandId=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    })
    expect(text).toMatchObject({ status: 415, json: { _tag: "UnsupportedMediaType" } })
  })

  it("401 without a token or with a malformed, unknown, revoked (replayed) or expired one; 403 for the wrong seat or role", async () => {
    const body = { commandId: "auth", seat: 0, command: { type: "CommitBid", bid: 1 } }
    expect((await api.post("/api/games/duel/commands", body)).json).toMatchObject({
      _tag: "Unauthorized",
      reason: "missing",
    })
    const malformed = await api.call("POST", "/api/games/duel/commands", {
      body,
      headers: { authorization: "Token abc" },
    })
    expect(malformed).toMatchObject({ status: 401, json: { reason: "malformed" } })
    expect((await command(body, "brs_this-token-was-never-issued-by-the-server")).json).toMatchObject({
      reason: "unknown",
    })
    const revoked = await issue("bot", "alpha")
    expect((await api.get("/api/me", revoked.token)).json.kind).toBe("bot")
    expect((await api.call("DELETE", `/api/tokens/${revoked.tokenId}`, { token: ORGANISER })).status).toBe(
      204,
    )
    const replayed = await command(body, revoked.token)
    expect(replayed).toMatchObject({
      status: 401,
      json: { reason: "revoked", message: expect.stringContaining("revoked") },
    })
    const expiresAt = Date.now() + 300
    const expiring = await issue("bot", "alpha", { expiresAt: new Date(expiresAt).toISOString() })
    // Unused until it has expired: the server remembers an accepted token for seconds.
    await clockPast(expiresAt)
    expect((await command(body, expiring.token)).json).toMatchObject({ reason: "expired" })
    const wrongSeat = await command({ ...body, seat: 1 })
    expect(wrongSeat).toMatchObject({
      status: 403,
      json: { message: "bot:alpha does not hold seat 1 in game duel (it is bot:beta)" },
    })
    expect((await command(body, tokens.carol)).status).toBe(403)
    expect((await api.post("/api/games", { game: "bluff-dice", seats: 2 }, tokens.alpha)).status).toBe(403)
    expect((await api.post("/api/tokens", { kind: "organiser", name: "me" }, tokens.alpha)).status).toBe(403)
    expect((await api.get("/api/bot/stream", ORGANISER)).status).toBe(403)
    expect((await api.get("/api/bot/stream")).status).toBe(401)
  })

  it("409 for a stale version, a reused command id or a taken game id; 422 naming the rule broken", async () => {
    const { json: game } = await api.get("/api/games/duel", tokens.alpha)
    const legal = game.decisions[0].legal[0]
    const stale = await command({
      commandId: "stale",
      seat: 0,
      command: legal,
      expectedVersion: game.version - 1,
    })
    expect(stale).toMatchObject({
      status: 409,
      json: { reason: "stale-version", expectedVersion: game.version - 1, actualVersion: game.version },
    })
    const violation = await command({
      commandId: "bad-bid",
      seat: 0,
      command: { type: "CommitBid", bid: 42 },
    })
    expect(violation).toMatchObject({
      status: 422,
      json: { _tag: "RuleViolation", rule: expect.stringContaining(".") },
    })
    const played = await command({
      commandId: "once",
      seat: 0,
      command: legal,
      expectedVersion: game.version,
    })
    expect(played.status).toBe(200)
    const again = await command({ commandId: "once", seat: 0, command: legal })
    expect(again.json).toMatchObject({ duplicate: true, version: played.json.version })
    expect(again.json.events).toEqual(played.json.events)
    const reused = await command({ commandId: "once", seat: 0, command: { type: "CommitBid", bid: 6 } })
    // The seat no longer owes a bid, so the stored command is returned, whatever the body says now.
    expect([200, 409]).toContain(reused.status)
    const taken = await api.post("/api/games", { game: "bluff-dice", seats: 3, gameId: "duel" }, ORGANISER)
    expect(taken).toMatchObject({ status: 409, json: { reason: "game-exists" } })
    const setup = await api.post("/api/games", { game: "bluff-dice", seats: 9 }, ORGANISER)
    expect(setup).toMatchObject({ status: 422, json: { rule: "kernel.setup.seat-count" } })
    const unknown = await api.post("/api/games", { game: "chess", seats: 2 }, ORGANISER)
    expect(unknown).toMatchObject({
      status: 400,
      json: { message: expect.stringContaining("hosts no game") },
    })
  })

  it("429 with Retry-After once a token spends its writes", async () => {
    const spender = await issue("bot", "spender")
    // The bucket holds 100 writes and refills 20 a second: 500 at once empty it even if a loaded machine
    // spreads them over several seconds.
    const replies = await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        api.post("/api/games/none/commands", { commandId: `r${i}`, seat: 0, command: {} }, spender.token),
      ),
    )
    const statuses = replies.map((r) => r.status)
    expect(statuses.filter((s) => s === 404).length).toBeGreaterThanOrEqual(100)
    const limited = replies.find((r) => r.status === 429)
    expect(limited?.json).toMatchObject({ _tag: "RateLimited", retryAfterMs: expect.any(Number) })
    expect(Number(limited?.headers["retry-after"])).toBeGreaterThanOrEqual(1)
    // Another token is not affected.
    expect(
      (await api.post("/api/games/none/commands", { commandId: "x", seat: 0, command: {} }, tokens.beta))
        .status,
    ).toBe(404)
  })
})

describe("who sees what", () => {
  it("seats see their own secret, other seats and spectators do not; organisers see all but the seed", async () => {
    await createGame({ gameId: "secret", players: ["bot:alpha", "bot:beta"] })
    const { json: game } = await api.get("/api/games/secret", tokens.alpha)
    const bid = game.decisions[0].legal.at(-1)
    await api.post("/api/games/secret/commands", { commandId: "b", seat: 0, command: bid }, tokens.alpha)
    const mine = await api.get("/api/games/secret", tokens.alpha)
    const theirs = await api.get("/api/games/secret", tokens.beta)
    const spectator = await api.get("/api/games/secret")
    const organiser = await api.get("/api/games/secret", ORGANISER)
    expect(mine.json.view.bids[0]).toBe(bid.bid)
    expect(theirs.json.view.bids[0]).toBeNull()
    expect(spectator.json.view.bids[0]).toBeNull()
    expect(organiser.json.view.bids[0]).toBe(bid.bid)
    const events = await api.get("/api/games/secret/events", tokens.beta)
    const sealed = events.json.events.find((e: { type: string }) => e.type === "BidCommitted")
    expect(sealed).toMatchObject({ redacted: true, data: { seat: 0 } })
    expect(sealed.data).not.toHaveProperty("bid")
    expect(sealed.data).not.toHaveProperty("salt")
    expect(JSON.stringify(events.json)).not.toContain(`"seed"`)
    expect((await api.get("/api/games/secret?seat=1", tokens.alpha)).status).toBe(403)
  })

  it("a delayed game is N events behind for spectators, live for its seats; a private one is closed to them", async () => {
    await createGame({
      gameId: "delayed",
      players: ["bot:alpha", "bot:beta"],
      spectators: { mode: "delayed", events: 2 },
    })
    // Play a few commands, so the head is well past the delay.
    for (let i = 0; i < 4; i++) {
      const { json } = await api.get("/api/games/delayed", ORGANISER)
      const seat = json.pending[0] as number
      const { json: asSeat } = await api.get(`/api/games/delayed?seat=${seat}`, ORGANISER)
      const command = asSeat.decisions.find((d: { seat: number }) => d.seat === seat).legal[0]
      expect(
        (await api.post("/api/games/delayed/commands", { commandId: `d${i}`, seat, command }, ORGANISER))
          .status,
      ).toBe(200)
    }
    await createGame({ gameId: "private", players: ["bot:alpha", null], spectators: { mode: "private" } })
    const seat = await api.get("/api/games/delayed", tokens.alpha)
    const spectator = await api.get("/api/games/delayed")
    expect(spectator.json.version).toBe(seat.json.version - 2)
    const events = await api.get("/api/games/delayed/events")
    expect(events.json.version).toBe(seat.json.version - 2)
    expect(events.json.events.at(-1).version).toBe(seat.json.version - 2)
    expect((await api.get(`/api/games/delayed/view?at=${seat.json.version}`)).status).toBe(403)
    expect((await api.get("/api/games/private")).json).toMatchObject({
      _tag: "Forbidden",
      message: "game private is organiser-only: spectators may not watch it",
    })
    expect((await api.get("/api/games/private/stream")).status).toBe(403)
    expect((await api.get("/api/games/private", tokens.alpha)).status).toBe(200)
    // The lobby hides organiser-only games from others, once the projection has caught up: the organiser's
    // lobby listing the private game (created last) shows it has, and only then does its absence mean hidden.
    const lobbyIds = (r: { json: { games: Array<{ gameId: string }> } }) => r.json.games.map((g) => g.gameId)
    await eventually(
      "the organiser's lobby lists game private",
      () => api.get("/api/games?limit=100", ORGANISER),
      (r) => lobbyIds(r).includes("private"),
    )
    const lobby = await api.get("/api/games?limit=100")
    expect(lobbyIds(lobby)).toContain("delayed")
    expect(lobbyIds(lobby)).not.toContain("private")
    expect(bluffDice.id).toBe("bluff-dice")
  })
})
