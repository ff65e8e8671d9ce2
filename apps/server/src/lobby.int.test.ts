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

describe("GET /api/games paging and the player filter", () => {
  const ids = ["page-1", "page-2", "page-3", "page-4", "page-5", "page-6", "page-7"]
  beforeAll(async () => {
    for (const [n, gameId] of ids.entries()) {
      const players = n % 2 === 0 ? ["bot:pager", null] : ["player:pager", "bot:other"]
      const r = await api.post(
        "/api/games",
        { game: "manhattan", seats: 2, players, gameId, seed: gameId, decisionMs: null },
        ORGANISER,
      )
      expect(r.status, JSON.stringify(r.json)).toBe(201)
    }
    for (let attempt = 0; attempt < 100; attempt++) {
      const listed = (await api.get("/api/games?limit=500")).json.games.map(
        (g: { gameId: string }) => g.gameId,
      )
      if (ids.every((id) => listed.includes(id))) break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })
  const idsOf = (list: { games: { gameId: string }[] }) => list.games.map((g) => g.gameId)
  const cursorOf = (g: { createdAt: string; gameId: string }) =>
    encodeURIComponent(`${g.createdAt}|${g.gameId}`)

  it("reaches every game with `before`, and pages back with `after`", async () => {
    const seen: string[] = []
    const pages: { games: { gameId: string; createdAt: string }[]; next: string | null }[] = []
    let next: string | null = null
    do {
      const after: string = next === null ? "" : `&before=${encodeURIComponent(next)}`
      const page = (await api.get(`/api/games?player=pager&limit=3${after}`)).json
      pages.push(page)
      seen.push(...idsOf(page))
      next = page.next
    } while (next !== null && pages.length < 10)
    expect(seen).toEqual([...ids].reverse())
    expect(pages.map((p) => p.games.length)).toEqual([3, 3, 1])

    // Back from the last page: the three games just newer than its first, newest first, and more after them.
    const last = pages[2]?.games[0] as { gameId: string; createdAt: string }
    const back = (await api.get(`/api/games?player=pager&limit=3&after=${cursorOf(last)}`)).json
    expect(idsOf(back)).toEqual(idsOf(pages[1] as { games: { gameId: string }[] }))
    expect(back.next).not.toBeNull()
    const top = (await api.get(`/api/games?player=pager&limit=3&after=${cursorOf(back.games[0])}`)).json
    expect(idsOf(top)).toEqual(["page-7", "page-6", "page-5"])
    const none = (await api.get(`/api/games?player=pager&limit=3&after=${cursorOf(top.games[0])}`)).json
    expect(idsOf(none)).toEqual([])
  })

  it("filters by a seat holder, or by a bare name for either kind", async () => {
    const of = async (player: string) => idsOf((await api.get(`/api/games?player=${player}`)).json)
    expect(await of("bot:pager")).toEqual(["page-7", "page-5", "page-3", "page-1"])
    expect(await of("player:pager")).toEqual(["page-6", "page-4", "page-2"])
    expect(await of("pager")).toEqual([...ids].reverse())
    expect(await of("other")).toEqual(["page-6", "page-4", "page-2"])
    expect(await of("nobody")).toEqual([])
    expect((await api.get("/api/games?player=Not%20A%20Name")).status).toBe(400)
  })
})
