import { type AnalysisSettings, analysisKey, defaultAnalysisSettings, winShares } from "@boroughs/core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RunningServer } from "./Server.js"
import { eventually, http, ORGANISER, serverBackends, testServer } from "./testing.js"

// GET /api/games/:gameId/analysis: the background analyses each game once it has ended, on a worker thread;
// the route says queued or running until then. Small settings: about a second an analysis.
const SETTINGS: AnalysisSettings = {
  ...defaultAnalysisSettings,
  rollouts: 4,
  minimumRollouts: 4,
  candidateRollouts: 4,
}

for (const backend of serverBackends()) {
  describe(`GET /api/games/:gameId/analysis on ${backend.name}`, () => {
    let server: RunningServer
    let api: ReturnType<typeof http>
    let drop = async () => {}

    const create = async (gameId: string, body: Record<string, unknown>) => {
      const r = await api.post(
        "/api/games",
        { gameId, seed: `seed-${gameId}`, decisionMs: null, ...body },
        ORGANISER,
      )
      expect(r.status, JSON.stringify(r.json)).toBe(201)
    }
    const ended = (gameId: string) =>
      eventually(
        `${gameId} ends`,
        () => api.get(`/api/games/${gameId}`, ORGANISER),
        (r) => r.json.status === "ended",
        { timeoutMs: 60_000, intervalMs: 50 },
      )

    beforeAll(async () => {
      const opened = await backend.open()
      drop = opened.drop
      server = await testServer({ database: opened.database, analysis: SETTINGS })
      api = http(server.url)
      const house = ["builtin:heuristic", "builtin:heuristic"]
      await create("finished", { game: "uptown", seats: 2, players: house })
      await create("secret", { game: "uptown", seats: 2, players: house, spectators: { mode: "private" } })
      await create("playing", { game: "uptown", seats: 2 })
      await create("dice", { game: "bluff-dice", seats: 2, players: ["builtin:middle", "builtin:random"] })
      await Promise.all(["finished", "secret", "dice"].map(ended))
    })
    afterAll(async () => {
      await server?.close()
      await drop()
    })

    it("is queued or under way once the game has ended, then ready: every position's chances to the outcome", async () => {
      const first = await api.get("/api/games/finished/analysis")
      expect(first.status, JSON.stringify(first.json)).toBe(200)
      expect(["queued", "running", "ready"]).toContain(first.json.status)
      if (first.json.status !== "ready")
        expect(first.json).toMatchObject({ gameId: "finished", key: analysisKey(SETTINGS) })
      const ready = await eventually(
        "the analysis is ready",
        () => api.get("/api/games/finished/analysis"),
        (r) => r.json.status === "ready",
        { timeoutMs: 60_000, intervalMs: 100 },
      )
      const detail = (await api.get("/api/games/finished")).json
      const a = ready.json
      expect(a).toMatchObject({
        status: "ready",
        gameId: "finished",
        game: "uptown",
        key: analysisKey(SETTINGS),
        settings: SETTINGS,
        seats: 2,
        perPosition: 4,
      })
      expect(Date.parse(a.computedAt)).not.toBeNaN()
      expect(a.elapsedMs).toBeGreaterThan(0)
      expect(a.rollouts).toBeGreaterThan(0)
      expect(a.decisions.length).toBeGreaterThan(10)
      const versions: number[] = a.positions.map((p: { version: number }) => p.version)
      expect(versions).toEqual([...versions].sort((x, y) => x - y))
      expect(versions[versions.length - 1]).toBe(detail.version)
      for (const p of a.positions as Array<{ win: number[] }>)
        expect(p.win.reduce((x, y) => x + y, 0)).toBeCloseTo(1, 3)
      expect(a.positions[a.positions.length - 1].win).toEqual(winShares(detail.outcome.ranks))
      // Anyone who may watch the game reads the same analysis.
      expect((await api.get("/api/games/finished/analysis", ORGANISER)).json).toEqual(a)
    })

    it("refuses a live game (409 game-live), even to the organiser", async () => {
      for (const token of [undefined, ORGANISER]) {
        const r = await api.get("/api/games/playing/analysis", token)
        expect(r.status).toBe(409)
        expect(r.json).toMatchObject({ _tag: "Conflict", reason: "game-live" })
        expect(r.json.message).toMatch(/still being played/)
      }
    })

    it("answers 404 for an unknown game or one whose rules cannot be analysed, 403 where the reader may not watch", async () => {
      expect((await api.get("/api/games/nope/analysis")).status).toBe(404)
      const dice = await api.get("/api/games/dice/analysis")
      expect(dice.status).toBe(404)
      expect(dice.json.message).toMatch(/bluff-dice games are not analysed/)
      expect((await api.get("/api/games/secret/analysis")).status).toBe(403)
      expect((await api.get("/api/games/secret/analysis", ORGANISER)).status).toBe(200)
    })
  })
}

describe("a server that analyses no game", () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await testServer({ analysis: false })
  })
  afterAll(() => server?.close())

  it("answers 404, saying so", async () => {
    const api = http(server.url)
    await api.post(
      "/api/games",
      {
        game: "uptown",
        seats: 2,
        gameId: "done",
        players: ["builtin:heuristic", "builtin:heuristic"],
        decisionMs: null,
      },
      ORGANISER,
    )
    await eventually(
      "the game ends",
      () => api.get("/api/games/done"),
      (r) => r.json.status === "ended",
      { timeoutMs: 60_000, intervalMs: 50 },
    )
    const r = await api.get("/api/games/done/analysis")
    expect(r.status).toBe(404)
    expect(r.json.message).toMatch(/does not analyse games/)
  })
})
