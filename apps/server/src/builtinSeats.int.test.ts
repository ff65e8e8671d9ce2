import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RunningServer } from "./Server.js"
import { eventually, http, ORGANISER, testServer } from "./testing.js"

// A game created with `builtin:<bot>` seats needs no organiser action to become playable: the server plays
// those seats with the game's bots from the first position, and refuses a bot the game does not have.

let server: RunningServer
let api: ReturnType<typeof http>
let alpha: string

interface Envelope {
  readonly version: number
  readonly type: string
  readonly metadata: { readonly seat?: number; readonly actor?: string }
}

beforeAll(async () => {
  server = await testServer()
  api = http(server.url)
  alpha = (await api.post("/api/tokens", { kind: "bot", name: "alpha" }, ORGANISER)).json.token
})
afterAll(() => server?.close())

describe("POST /api/games with built-in seats", () => {
  it("plays the built-in seats itself, so the game reaches its end when the other seat plays", async () => {
    const created = await api.post(
      "/api/games",
      {
        game: "uptown",
        seats: 3,
        gameId: "house",
        seed: "seed-house",
        players: ["bot:alpha", "builtin:heuristic", "builtin:random"],
        decisionMs: null,
      },
      ORGANISER,
    )
    expect(created.status, JSON.stringify(created.json)).toBe(201)
    expect(created.json.players).toEqual(["bot:alpha", "builtin:heuristic", "builtin:random"])

    // bot:alpha answers each of its decisions through the API; no clock plays for anyone (decisionMs null).
    let moves = 0
    for (;;) {
      const game = await eventually(
        "bot:alpha owes a decision or the game has ended",
        () => api.get("/api/games/house", alpha),
        (r) => r.json.status === "ended" || r.json.decisions.length > 0,
      )
      if (game.json.status === "ended") break
      const [decision] = game.json.decisions
      const answered = await api.post(
        "/api/games/house/commands",
        {
          commandId: `house:0:${game.json.version}`,
          seat: decision.seat,
          command: decision.legal[game.json.version % decision.legal.length],
          expectedVersion: game.json.version,
        },
        alpha,
      )
      // The house bots may move between the read and the answer: read again.
      if (answered.status === 409 && answered.json.reason === "stale-version") continue
      expect(answered.status, JSON.stringify(answered.json)).toBe(200)
      moves++
      expect(moves, "the game ends").toBeLessThan(2_000)
    }

    const ended = await api.get("/api/games/house", ORGANISER)
    expect(ended.json.outcome.ranks).toHaveLength(3)
    const events: Envelope[] = (await api.get("/api/games/house/events?limit=1000", ORGANISER)).json.events
    expect(events.at(-1)?.type).toBe("GameEnded")
    const actorsOf = (seat: number) =>
      new Set(events.filter((e) => e.metadata.seat === seat).map((e) => e.metadata.actor))
    expect(actorsOf(0)).toEqual(new Set(["bot:alpha"]))
    expect(actorsOf(1)).toEqual(new Set(["builtin:heuristic"]))
    expect(actorsOf(2)).toEqual(new Set(["builtin:random"]))
  })

  it("refuses a bot the game does not have with 400 naming the game's bots, and creates nothing", async () => {
    const refused = await api.post(
      "/api/games",
      {
        game: "uptown",
        seats: 3,
        gameId: "no-such-bot",
        players: [null, "builtin:heuristic", "builtin:alphazero"],
      },
      ORGANISER,
    )
    expect(refused.status).toBe(400)
    expect(refused.json).toEqual({
      _tag: "BadRequest",
      message: 'seat 2: uptown has no built-in bot "alphazero"; its bots: random, heuristic, ismcts:<budget>',
    })
    expect((await api.get("/api/games/no-such-bot", ORGANISER)).status).toBe(404)
  })

  it("refuses to hand a seat to a bot the game does not have (ReplaceSeat), and records nothing", async () => {
    const created = await api.post(
      "/api/games",
      { game: "uptown", seats: 2, gameId: "replace-unknown", players: [null, "builtin:random"] },
      ORGANISER,
    )
    expect(created.status).toBe(201)
    const before = (await api.get("/api/games/replace-unknown", ORGANISER)).json.version
    const refused = await api.post(
      "/api/games/replace-unknown/actions",
      { action: { type: "ReplaceSeat", seat: 0, holder: "builtin:nosuchbot" }, reason: "test" },
      ORGANISER,
    )
    expect(refused.status).toBe(400)
    expect(refused.json).toEqual({
      _tag: "BadRequest",
      message: 'seat 0: uptown has no built-in bot "nosuchbot"; its bots: random, heuristic, ismcts:<budget>',
    })
    expect((await api.get("/api/games/replace-unknown", ORGANISER)).json.version).toBe(before)
    const replaced = await api.post(
      "/api/games/replace-unknown/actions",
      { action: { type: "ReplaceSeat", seat: 0, holder: "builtin:heuristic" }, reason: "test" },
      ORGANISER,
    )
    expect(replaced.status).toBe(200)
  })

  it("refuses a built-in holder that is not a bot name at all, as the schema does", async () => {
    for (const holder of ["builtin:", "builtin:Heuristic", "builtin:heuristic bot"]) {
      const refused = await api.post(
        "/api/games",
        { game: "uptown", seats: 2, players: [null, holder] },
        ORGANISER,
      )
      expect(refused.status, holder).toBe(400)
      expect(refused.json._tag).toBe("BadRequest")
    }
  })

  it("is an organiser's to create, as every game is", async () => {
    const refused = await api.post(
      "/api/games",
      { game: "uptown", seats: 2, players: ["bot:alpha", "builtin:heuristic"] },
      alpha,
    )
    expect(refused.status).toBe(403)
  })
})
