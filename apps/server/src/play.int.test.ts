import { canonicalJson, findGame, viewOf } from "@boroughs/core"
import { liveFromStream } from "@boroughs/engine"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RunningServer } from "./Server.js"
import { eventually, http, ORGANISER, serverBackends, type TestResponse, testServer } from "./testing.js"

// People play: guests create games without a token (POST /api/play), organisers invite people to seats
// (POST /api/games with "invite"), and each seat token acts for its one seat of one game — commands, seat
// views, names — and nothing else. On PostgreSQL when DATABASE_URL is set, else PGlite.

let server: RunningServer
let api: ReturnType<typeof http>
let drop = async () => {}

const SEAT_HOLDER = /^seat:[a-z2-7]{20}$/
const QUICK = { timeoutMs: 20_000, intervalMs: 25 }

const put = (path: string, body: unknown, token?: string) =>
  api.call("PUT", path, { body, ...(token === undefined ? {} : { token }) })

/** `POST /api/play` as a guest (no token) unless a token is given. */
const play = (body: unknown, token?: string) => api.post("/api/play", body, token)

const expectStatus = (r: TestResponse, status: number) =>
  expect(r.status, JSON.stringify(r.json)).toBe(status)

beforeAll(async () => {
  const backend = serverBackends().at(-1)
  if (backend === undefined) throw new Error("no test backend")
  const opened = await backend.open()
  drop = opened.drop
  server = await testServer({ database: opened.database })
  api = http(server.url)
})
afterAll(async () => {
  await server?.close()
  await drop()
})

describe("a guest's game (POST /api/play)", () => {
  let gameId = ""
  let token = ""

  it("creates a public live game: the guest's named seat and token, house bots in the others", async () => {
    const created = await play({
      game: "downtown",
      seats: [{ kind: "me" }, { kind: "house", bot: "heuristic" }, { kind: "house", bot: "builtin:random" }],
      name: "  Ann Lee ",
      decisionMs: null,
    })
    expectStatus(created, 201)
    expect(created.json).toMatchObject({ seat: 0, invites: [] })
    gameId = created.json.gameId
    token = created.json.token
    const me = await api.get("/api/me", token)
    expect(me.json).toMatchObject({ kind: "seat", name: expect.stringMatching(/^[a-z2-7]{20}$/) })
    const detail = await api.get(`/api/games/${gameId}`, token)
    expect(detail.json).toMatchObject({
      status: "live",
      spectators: { mode: "live" },
      viewer: { kind: "seat", seat: 0 },
      names: ["Ann Lee", null, null],
    })
    expect(detail.json.players[0]).toBe(`seat:${me.json.name}`)
    expect(detail.json.players.slice(1)).toEqual(["builtin:heuristic", "builtin:random"])
  })

  it("plays the seat: legal decisions, a command once however many tabs send it, house bots answering", async () => {
    const owed = await eventually(
      "the guest's seat to owe a decision",
      () => api.get(`/api/games/${gameId}`, token),
      (r) => r.json.decisions.length > 0,
      QUICK,
    )
    const decision = owed.json.decisions[0]
    expect(decision.seat).toBe(0)
    expect(decision.legal.length).toBeGreaterThan(0)
    // What the clock would play is said with the decision, and is one of its legal commands.
    expect(decision.legal.map(canonicalJson)).toContain(canonicalJson(decision.default))
    const command = {
      commandId: "tab-1",
      seat: 0,
      command: decision.legal[0],
      expectedVersion: owed.json.version,
    }
    // Two tabs of one seat send the same command at once: one is played, the other is its answer.
    const [a, b] = await Promise.all([
      api.post(`/api/games/${gameId}/commands`, command, token),
      api.post(`/api/games/${gameId}/commands`, command, token),
    ])
    expectStatus(a, 200)
    expectStatus(b, 200)
    expect([a.json.duplicate, b.json.duplicate].sort()).toEqual([false, true])
    expect(a.json.version).toBe(b.json.version)
    // A reload sends it again: still the one command, nothing appended.
    const again = await api.post(`/api/games/${gameId}/commands`, command, token)
    expect(again.json).toMatchObject({ duplicate: true, version: a.json.version })
    const moved = await eventually(
      "a house bot to move after the guest",
      () => api.get(`/api/games/${gameId}/events?after=${a.json.version}`, token),
      (r) =>
        r.json.events.some((e: { metadata: { actor?: string } }) => e.metadata.actor?.startsWith("builtin:")),
      QUICK,
    )
    expect(moved.status).toBe(200)
  })

  it("shows the seat exactly its own view, never another seat's secrets", async () => {
    const seen = await api.get(`/api/games/${gameId}`, token)
    const all = await api.get(`/api/games/${gameId}/events?limit=1000`, ORGANISER)
    const upTo = all.json.events.slice(0, seen.json.version)
    const live = liveFromStream(upTo, (id) => findGame(id)?.game)
    if (live === null) throw new Error("the game could not be folded")
    const mine = viewOf(live.match, { kind: "seat", seat: 0 })
    expect(canonicalJson(seen.json.view)).toBe(canonicalJson(mine))
    // The other seats' views differ from it (their own hands): what the guest got is not theirs.
    for (const seat of [1, 2])
      expect(canonicalJson(viewOf(live.match, { kind: "seat", seat }))).not.toBe(canonicalJson(mine))
    const at = await api.get(`/api/games/${gameId}/view?at=${seen.json.version}`, token)
    expect(canonicalJson(at.json.view)).toBe(canonicalJson(mine))
    // Another seat's view, or acting for it, is refused while the game is live.
    expectStatus(await api.get(`/api/games/${gameId}?seat=1`, token), 403)
    const theirs = { commandId: "x", seat: 1, command: { type: "Pass" } }
    expectStatus(await api.post(`/api/games/${gameId}/commands`, theirs, token), 403)
  })

  it("names the guest's seat: recorded as SeatNamed, shown by the game, the lobby and the stream", async () => {
    const before = await api.get(`/api/games/${gameId}`, token)
    const named = await put(`/api/games/${gameId}/seats/0/name`, { name: " Annie " }, token)
    expectStatus(named, 200)
    expect(named.json).toMatchObject({ gameId, seat: 0, name: "Annie", changed: true })
    expect(named.json.names[0]).toBe("Annie")
    const same = await put(`/api/games/${gameId}/seats/0/name`, { name: "Annie" }, token)
    expect(same.json).toMatchObject({ changed: false, version: named.json.version })
    expect((await api.get(`/api/games/${gameId}`)).json.names[0]).toBe("Annie")
    await eventually(
      "the lobby to show the new name",
      () => api.get("/api/games?game=downtown"),
      (r) =>
        r.json.games.some(
          (g: { gameId: string; names: string[] }) => g.gameId === gameId && g.names[0] === "Annie",
        ),
      QUICK,
    )
    // The stream, resumed from before the rename, carries it to spectators.
    const stream = await fetch(`${server.url}/api/games/${gameId}/stream?after=${before.json.version}`)
    const reader = stream.body?.getReader()
    let text = ""
    while (reader !== undefined && !text.includes('"type":"SeatNamed"')) {
      const chunk = await reader.read()
      if (chunk.done) break
      text += new TextDecoder().decode(chunk.value)
    }
    await reader?.cancel()
    expect(text).toContain('"name":"Annie"')
    const trail = await api.get(`/api/games/${gameId}/trail`, ORGANISER)
    expect(trail.json.entries).toContainEqual(
      expect.objectContaining({ type: "SeatNamed", actor: expect.stringMatching(SEAT_HOLDER) }),
    )
    // Another seat is not the guest's to name; an organiser may name any.
    expectStatus(await put(`/api/games/${gameId}/seats/1/name`, { name: "Robo" }, token), 403)
    expectStatus(await put(`/api/games/${gameId}/seats/1/name`, { name: "Robo" }, ORGANISER), 200)
    const bad = await put(`/api/games/${gameId}/seats/0/name`, { name: "\u202eeinnA" }, token)
    expectStatus(bad, 400)
    expect(bad.json.message).toContain("display name")
    expectStatus(await put(`/api/games/${gameId}/seats/0/name`, { name: "Ann" }), 401)
  })

  it("invites: each invite token acts for its seat of its game only", async () => {
    const created = await play({
      game: "downtown",
      seats: [{ kind: "invite" }, { kind: "me" }, { kind: "house", bot: "random" }],
      name: "Host",
      decisionMs: null,
    })
    expectStatus(created, 201)
    expect(created.json.seat).toBe(1)
    expect(created.json.invites).toEqual([
      { seat: 0, token: expect.any(String), tokenId: expect.any(String) },
    ])
    const invited = created.json.invites[0].token as string
    const other = created.json.gameId as string
    const detail = await api.get(`/api/games/${other}?seat=0`, invited)
    expect(detail.json).toMatchObject({ viewer: { kind: "seat", seat: 0 }, names: [null, "Host", null] })
    expect(detail.json.players[0]).toMatch(SEAT_HOLDER)
    expectStatus(await api.get(`/api/games/${other}?seat=1`, invited), 403)
    // Not a seat of the first game: neither its view nor its commands.
    expectStatus(await api.get(`/api/games/${gameId}?seat=0`, invited), 403)
    const elsewhere = { commandId: "y", seat: 0, command: { type: "Pass" } }
    expectStatus(await api.post(`/api/games/${gameId}/commands`, elsewhere, invited), 403)
    // The guest's token is not a seat of this game either.
    expectStatus(await api.get(`/api/games/${other}?seat=0`, token), 403)

    // A stream open as that seat when its token is revoked ends too (test servers check every second).
    const stream = await fetch(`${server.url}/api/games/${other}/stream?seat=0`, {
      headers: { authorization: `Bearer ${invited}` },
    })
    expect(stream.status).toBe(200)
    const streamed = stream.body?.getReader()

    // Revoked: 401 at once. Organisers find a seat's token by its holder's name.
    const name = (detail.json.players[0] as string).slice("seat:".length)
    const listed = await api.get(`/api/tokens?kind=seat&name=${name}`, ORGANISER)
    expect(listed.json.tokens).toEqual([expect.objectContaining({ kind: "seat", name, revokedAt: null })])
    expect((await api.get("/api/tokens?kind=seat", ORGANISER)).json.tokens.length).toBeGreaterThanOrEqual(3)
    expectStatus(
      await api.call("DELETE", `/api/tokens/${listed.json.tokens[0].tokenId}`, { token: ORGANISER }),
      204,
    )
    const refused = await api.get(`/api/games/${other}?seat=0`, invited)
    expectStatus(refused, 401)
    expect(refused.json.reason).toBe("revoked")
    const closedBy = Date.now() + 10_000
    while (streamed !== undefined && Date.now() < closedBy && !(await streamed.read()).done) {}
    expect(Date.now()).toBeLessThan(closedBy)
  })

  it("keeps seat tokens out of creating games and tokens and out of the ladder", async () => {
    const game = { game: "downtown", seats: 3 }
    expectStatus(await api.post("/api/games", game, token), 403)
    const again = await play(
      { game: "downtown", seats: [{ kind: "me" }, { kind: "invite" }, { kind: "invite" }], name: "Ann" },
      token,
    )
    expectStatus(again, 403)
    expect(again.json.message).toContain("for guests, without a token")
    expectStatus(await api.post("/api/tokens", { kind: "bot", name: "mine" }, token), 403)
    expectStatus(await api.post("/api/ladder/entries", { game: "downtown" }, token), 403)
    // Nor may anyone issue a seat token by hand: the server mints them with their seats.
    expectStatus(await api.post("/api/tokens", { kind: "seat", name: "mine" }, ORGANISER), 400)
  })

  const downtown = (seats: unknown[], extra: Record<string, unknown> = {}) => ({
    game: "downtown",
    seats,
    name: "Ann",
    ...extra,
  })
  const me = { kind: "me" }
  const invite = { kind: "invite" }
  it.each([
    [
      "an unknown game",
      { ...downtown([me, invite, invite]), game: "chess" },
      'this server hosts no game "chess"',
    ],
    [
      "a bot the game does not have",
      downtown([me, invite, { kind: "house", bot: "alphazero" }]),
      'seat 2: downtown has no house bot "alphazero"; its bots: ',
    ],
    [
      "a searching bot (organisers' games only)",
      downtown([me, invite, { kind: "house", bot: "ismcts:500" }]),
      'seat 2: downtown has no house bot "ismcts:500"',
    ],
    ["no seat of the guest's", downtown([invite, invite, invite]), 'seats holds no {"kind":"me"}'],
    ["two seats of the guest's", downtown([me, invite, me]), 'seats holds 2 {"kind":"me"} seats (0, 2)'],
    ["too few seats", downtown([me]), "downtown is played by 3–6 seats, not 1 seat"],
    ["too many seats", downtown(Array.from({ length: 7 }, (_, i) => (i === 0 ? me : invite))), "not 7 seats"],
    ["an empty name", downtown([me, invite, invite], { name: "  " }), "display name"],
    ["a name of 41 characters", downtown([me, invite, invite], { name: "x".repeat(41) }), "display name"],
    ["a seat of another kind", downtown([me, invite, { kind: "robot" }]), 'Expected a seat: {"kind":"me"}'],
    ["bad options", downtown([me, invite, invite], { options: { nope: 1 } }), "options"],
  ])("refuses %s with 400, naming it, and creates nothing", async (_, body, message) => {
    const before = (await api.get("/api/games?limit=500", ORGANISER)).json.games.length
    const refused = await play(body)
    expectStatus(refused, 400)
    expect(refused.json.message).toContain(message)
    expect((await api.get("/api/games?limit=500", ORGANISER)).json.games.length).toBe(before)
  })
})

describe("invites in POST /api/games", () => {
  const invited = {
    game: "bluff-dice",
    seats: 2,
    gameId: "invited",
    seed: "invited-seed",
    players: ["invite", "builtin:random"],
    decisionMs: null,
  }

  it("mints a holder and token per invite seat, once: the same creation again gives none", async () => {
    const created = await api.post("/api/games", invited, ORGANISER)
    expectStatus(created, 201)
    expect(created.json.players[0]).toMatch(SEAT_HOLDER)
    expect(created.json.invites).toEqual([
      { seat: 0, token: expect.any(String), tokenId: expect.any(String) },
    ])
    const seatTokens = async () => (await api.get("/api/tokens?kind=seat", ORGANISER)).json.tokens.length
    const minted = await seatTokens()
    const again = await api.post("/api/games", invited, ORGANISER)
    expectStatus(again, 201)
    expect(again.json.invites).toEqual([])
    expect(await seatTokens()).toBe(minted)
    expect(again.json.players).toEqual(created.json.players)
    const seat = created.json.invites[0].token as string
    expect((await api.get("/api/games/invited?seat=0", seat)).json.viewer).toEqual({ kind: "seat", seat: 0 })
    expectStatus(await api.get("/api/games/invited?seat=1", seat), 403)
    expectStatus(await put("/api/games/invited/seats/0/name", { name: "Bea" }, seat), 200)

    // Over: names are final.
    const ended = await api.post(
      "/api/games/invited/actions",
      { action: { type: "Adjudicate", ranks: [1, 2], scores: [1, 0] }, reason: "test", commandId: "end" },
      ORGANISER,
    )
    expectStatus(ended, 200)
    const late = await put("/api/games/invited/seats/0/name", { name: "Bea B" }, seat)
    expectStatus(late, 409)
    expect(late.json.reason).toBe("game-ended")
  })

  it("refuses a seat: holder named by the creator (the server mints them)", async () => {
    const refused = await api.post(
      "/api/games",
      { ...invited, gameId: "forged", players: ["seat:abcdefghijklmnopqrst", "builtin:random"] },
      ORGANISER,
    )
    expectStatus(refused, 400)
    expect(refused.json.message).toContain('seat:<name> holders are the server\'s to mint: ask for "invite"')
    expectStatus(await api.get("/api/games/forged", ORGANISER), 404)
  })

  it("refuses to rename a tournament's seats: they show the names the organiser registered", async () => {
    const player = await api.post("/api/tokens", { kind: "player", name: "ann" }, ORGANISER)
    const cup = await api.post(
      "/api/tournaments",
      {
        tournamentId: "named-cup",
        name: "Named cup",
        game: "bluff-dice",
        options: { rounds: 1, sides: 6 },
        format: "swiss",
        rounds: 1,
        tableSize: 3,
        pairingSeed: "s",
        decisionMs: null,
        entrants: ["ann", "bob", "cy"].map((id) => ({ id, plays: `player:${id}` })),
      },
      ORGANISER,
    )
    expectStatus(cup, 201)
    const started = await eventually(
      "the cup's first table",
      () => api.get("/api/tournaments/named-cup", ORGANISER),
      (r) => r.json.roundList?.[0]?.tables?.[0]?.gameId !== undefined,
      QUICK,
    )
    const table = started.json.roundList[0].tables[0].gameId as string
    const game = await eventually(
      "the table's game",
      () => api.get(`/api/games/${table}`, ORGANISER),
      (r) => r.status === 200,
      QUICK,
    )
    const seat = (game.json.players as string[]).indexOf("player:ann")
    for (const who of [ORGANISER, player.json.token as string]) {
      const refused = await put(`/api/games/${table}/seats/${seat}/name`, { name: "Annie" }, who)
      expectStatus(refused, 403)
      expect(refused.json.message).toBe("tournament games show the names the organiser registered")
    }
  })
})

describe("servers that limit or refuse guest games", () => {
  let off: RunningServer
  let limited: RunningServer
  beforeAll(async () => {
    const rate = { perSecond: 1_000, burst: 1_000 }
    ;[off, limited] = await Promise.all([
      testServer({ guestGames: false }),
      testServer({
        rateLimits: {
          reads: rate,
          writes: rate,
          perAddress: rate,
          authFailures: rate,
          guestGames: { perSecond: 0.01, burst: 1 },
        },
      }),
    ])
  })
  afterAll(async () => {
    await Promise.all([off?.close(), limited?.close()])
  })
  const game = {
    game: "bluff-dice",
    seats: [{ kind: "me" }, { kind: "house", bot: "random" }],
    name: "Ann",
    decisionMs: null,
  }

  it("BOROUGHS_GUEST_GAMES=off: 403 saying so", async () => {
    const refused = await http(off.url).post("/api/play", game)
    expectStatus(refused, 403)
    expect(refused.json.message).toContain("guest games are off on this server (BOROUGHS_GUEST_GAMES=off)")
  })

  it("charges each address's guest games: 429 past its budget", async () => {
    const client = http(limited.url)
    expectStatus(await client.post("/api/play", game), 201)
    const refused = await client.post("/api/play", game)
    expectStatus(refused, 429)
    expect(refused.json.message).toContain("guest games from this address")
  })
})
