import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RunningServer } from "../Server.js"
import { eventually, http, ORGANISER, testServer } from "../testing.js"

// Seats' display names: given as a game is created, shown on the game and in the lobby; bad ones are
// refused with the reason and create nothing.

let server: RunningServer
let api: ReturnType<typeof http>

const duel = (gameId: string, extra: Record<string, unknown>) => ({
  game: "bluff-dice",
  seats: 2,
  gameId,
  players: ["builtin:random", "builtin:middle"],
  decisionMs: null,
  ...extra,
})

beforeAll(async () => {
  server = await testServer()
  api = http(server.url)
})
afterAll(() => server?.close())

describe("POST /api/games with names", () => {
  it("records each seat's name, trimmed, on the game and in the lobby", async () => {
    const created = await api.post(
      "/api/games",
      duel("named", { names: ["  Ada Lovelace ", null] }),
      ORGANISER,
    )
    expect(created.status, JSON.stringify(created.json)).toBe(201)
    expect(created.json.names).toEqual(["Ada Lovelace", null])
    expect((await api.get("/api/games/named")).json.names).toEqual(["Ada Lovelace", null])
    const lobby = await eventually(
      "the lobby to list the game",
      () => api.get("/api/games"),
      (r) => r.json.games.some((g: { gameId: string }) => g.gameId === "named"),
      { timeoutMs: 10_000, intervalMs: 50 },
    )
    const row = lobby.json.games.find((g: { gameId: string }) => g.gameId === "named")
    expect(row).toMatchObject({ names: ["Ada Lovelace", null], tournament: null })
  })

  it("names no seat when names is absent", async () => {
    const created = await api.post("/api/games", duel("unnamed", {}), ORGANISER)
    expect(created.status, JSON.stringify(created.json)).toBe(201)
    expect(created.json.names).toEqual([null, null])
  })

  it.each([
    ["too few names", "bad-few", ["Ada"], "names gives 1 display names for 2 seats"],
    ["an empty name", "bad-empty", ["Ada", ""], "display name"],
    ["a name of spaces", "bad-spaces", ["Ada", "   "], "display name"],
    ["a name of 41 characters", "bad-long", ["Ada", "x".repeat(41)], "display name"],
    ["a control character", "bad-control", ["Ada", "Bob\u0007"], "display name"],
    ["a bidi override", "bad-bidi", ["Ada", "\u202eboB"], "display name"],
    ["a name that is not a string", "bad-type", ["Ada", 7], "names"],
  ])("refuses %s with 400 and creates nothing", async (_, gameId, names, message) => {
    const refused = await api.post("/api/games", duel(gameId, { names }), ORGANISER)
    expect(refused.status, JSON.stringify(refused.json)).toBe(400)
    expect(refused.json.message).toContain(message)
    expect((await api.get(`/api/games/${gameId}`, ORGANISER)).status).toBe(404)
  })

  it("takes a name of exactly 40 characters (counted as code points)", async () => {
    const forty = `${"é".repeat(39)}💻`
    const created = await api.post("/api/games", duel("forty", { names: [forty, "Bob"] }), ORGANISER)
    expect(created.status, JSON.stringify(created.json)).toBe(201)
    expect(created.json.names).toEqual([forty, "Bob"])
  })
})
