import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RunningServer } from "./Server.js"
import { http, ORGANISER, testServer } from "./testing.js"

// The lobby shows each caller what the game's own routes show them: a spectator of a delayed game sees
// the position N events behind there too, never the live one.

let server: RunningServer
let api: ReturnType<typeof http>
/** The token of `bot:alice`, who holds seat 0. */
let alice: string

const DELAY = 5

/** Plays `commands` decisions as the organiser (first legal command of the first owing seat). */
const play = async (gameId: string, commands: number) => {
  for (let n = 0; n < commands; n++) {
    const seat = (await api.get(`/api/games/${gameId}`, ORGANISER)).json.pending[0]
    const decision = (await api.get(`/api/games/${gameId}?seat=${seat}`, ORGANISER)).json.decisions[0]
    const r = await api.post(
      `/api/games/${gameId}/commands`,
      { commandId: `${gameId}:${n}`, seat: decision.seat, command: decision.legal[0] },
      ORGANISER,
    )
    expect(r.status, JSON.stringify(r.json)).toBe(200)
  }
}

/** The game's lobby row for `token` once the lobby has caught up with the game's head. */
const lobbyRow = async (gameId: string, head: number, token?: string) => {
  for (let attempt = 0; attempt < 100; attempt++) {
    const organiserRow = (await api.get("/api/games", ORGANISER)).json.games.find(
      (g: { gameId: string }) => g.gameId === gameId,
    )
    if (organiserRow?.version === head) break
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return (await api.get("/api/games", token)).json.games.find((g: { gameId: string }) => g.gameId === gameId)
}

beforeAll(async () => {
  server = await testServer()
  api = http(server.url)
  alice = (await api.post("/api/tokens", { kind: "bot", name: "alice" }, ORGANISER)).json.token
  const r = await api.post(
    "/api/games",
    {
      game: "downtown",
      seats: 4,
      players: ["bot:alice", null, null, null],
      gameId: "delayed",
      seed: "seed-delayed",
      decisionMs: null,
      spectators: { mode: "delayed", events: DELAY },
    },
    ORGANISER,
  )
  expect(r.status, JSON.stringify(r.json)).toBe(201)
  await play("delayed", 12)
})
afterAll(() => server?.close())

describe("GET /api/games for a delayed game", () => {
  it("shows a spectator the position, turn and time of GET /api/games/:id, not the live ones", async () => {
    const live = (await api.get("/api/games/delayed", ORGANISER)).json
    const seen = (await api.get("/api/games/delayed")).json
    expect(seen.version).toBe(live.version - DELAY)

    const row = await lobbyRow("delayed", live.version)
    expect(row.version).toBe(seen.version)
    expect(row.pending).toEqual(seen.pending)
    expect(row.status).toBe("live")
    expect(row.outcome).toBeNull()
    // The time of the last append the spectator may read, not of the newest one.
    const events = (await api.get(`/api/games/delayed/events?limit=${seen.version}`)).json.events
    const times = events
      .map((e: { metadata: { time?: unknown } }) => e.metadata.time)
      .filter((t: unknown) => typeof t === "string")
    expect(row.updatedAt).toBe(times[times.length - 1])
    const organiserEvents = (await api.get("/api/games/delayed/events", ORGANISER)).json.events
    expect(row.updatedAt).not.toBe(organiserEvents[organiserEvents.length - 1].metadata.time)
  })

  it("shows the organiser and the seat holders the live position, as their own routes do", async () => {
    const live = (await api.get("/api/games/delayed", ORGANISER)).json
    for (const token of [ORGANISER, alice]) {
      const row = await lobbyRow("delayed", live.version, token)
      expect(row.version).toBe((await api.get("/api/games/delayed", token)).json.version)
      expect(row.version).toBe(live.version)
      expect(row.pending).toEqual(live.pending)
    }
  })
})
