import { seedCommitment } from "@boroughs/core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RunningServer } from "./Server.js"
import { clockPast, eventually, http, ORGANISER, testServer } from "./testing.js"

// The routes the spectator site reads besides the game itself: the audit badge, the timeline behind the
// replay's scrubber and chart, and a finished game seen as one seat saw it.

let server: RunningServer
let api: ReturnType<typeof http>

/** Plays `commands` decisions of a game as the organiser (first legal command of the first owing seat). */
const playAs = async (gameId: string, commands: number) => {
  for (let n = 0; n < commands; n++) {
    const game = (await api.get(`/api/games/${gameId}`, ORGANISER)).json
    if (game.status === "ended") return
    const seat = game.pending[0] as number
    const mine = (await api.get(`/api/games/${gameId}?seat=${seat}`, ORGANISER)).json
    const decision = mine.decisions.find((d: { seat: number }) => d.seat === seat)
    const r = await api.post(
      `/api/games/${gameId}/commands`,
      // One id per position: a later call must not reuse an earlier call's ids (that would be a new command).
      {
        commandId: `${gameId}:v${mine.version}`,
        seat,
        command: decision.legal[0],
        expectedVersion: mine.version,
      },
      ORGANISER,
    )
    expect(r.status, JSON.stringify(r.json)).toBe(200)
  }
}

const create = async (gameId: string, extra: Record<string, unknown> = {}) => {
  const r = await api.post(
    "/api/games",
    { game: "downtown", seats: 4, gameId, seed: `seed-${gameId}`, decisionMs: null, ...extra },
    ORGANISER,
  )
  expect(r.status, JSON.stringify(r.json)).toBe(201)
}

beforeAll(async () => {
  server = await testServer()
  api = http(server.url)
  await create("watched")
  await playAs("watched", 30)
})
afterAll(() => server?.close())

describe("GET /api/games/:gameId/timeline", () => {
  it("lists every visible position with its round and each seat's money, as the spectator's view says", async () => {
    const detail = (await api.get("/api/games/watched")).json
    const timeline = (await api.get("/api/games/watched/timeline")).json
    expect(timeline.version).toBe(detail.version)
    expect(timeline.points.map((p: { version: number }) => p.version)).toEqual(
      Array.from({ length: detail.version }, (_, i) => i + 1),
    )
    expect(timeline.points[0].type).toBe("GameStarted")
    expect(timeline.scoreLabel).toBe("money")
    const last = timeline.points[timeline.points.length - 1]
    expect(last.standings.map((s: { money: number }) => s.money)).toEqual(detail.view.money)
    expect(last.round).toBe(detail.view.round)
    const at = (await api.get("/api/games/watched/view?at=5")).json
    expect(timeline.points[4].standings.map((s: { money: number }) => s.money)).toEqual(at.view.money)
  })

  it("stops where a delayed spectator's view stops", async () => {
    await create("delayed", { spectators: { mode: "delayed", events: 5 } })
    await playAs("delayed", 10)
    const organiser = (await api.get("/api/games/delayed/timeline", ORGANISER)).json
    const spectator = (await api.get("/api/games/delayed/timeline")).json
    expect(spectator.points.length).toBe(organiser.points.length - 5)
    expect(spectator.version).toBe(organiser.version - 5)
  })

  it("answers 404 for a game that does not exist and 403 for an organiser-only one", async () => {
    expect((await api.get("/api/games/nope/timeline")).status).toBe(404)
    await create("secret", { spectators: { mode: "private" } })
    expect((await api.get("/api/games/secret/timeline")).status).toBe(403)
    expect((await api.get("/api/games/secret/audit")).status).toBe(403)
  })
})

describe("GET /api/games/:gameId/audit", () => {
  it("while live: the chain up to the visible version and the seed's commitment, nothing revealed", async () => {
    const audit = (await api.get("/api/games/watched/audit")).json
    expect(audit.status).toBe("live")
    expect(audit.chain.ok).toBe(true)
    const events = (await api.get("/api/games/watched/events?limit=1000")).json.events
    expect(audit.chain.head).toBe(events[events.length - 1].hash)
    expect(audit.seed).toEqual({ commitment: events[0].data.seedCommitment, revealed: null, matches: null })
    expect(audit.replay.checked).toBe(false)
    expect(JSON.stringify(audit)).not.toContain("seed-watched")
  })

  it("once ended: seed revealed and matching, every command re-executed", async () => {
    await playAs("watched", 5_000)
    const audit = (await api.get("/api/games/watched/audit")).json
    expect(audit.status).toBe("ended")
    expect(audit.seed.revealed).toBe("seed-watched")
    expect(audit.seed.matches).toBe(true)
    expect(audit.seed.commitment).toBe(seedCommitment("seed-watched"))
    expect(audit.replay.ok).toBe(true)
    expect(audit.replay.commandsReplayed).toBeGreaterThan(30)
    expect(audit.problems).toEqual([])
  })

  it("the finished game's timeline ends on the outcome's scores", async () => {
    const detail = (await api.get("/api/games/watched")).json
    const timeline = (await api.get("/api/games/watched/timeline")).json
    const last = timeline.points[timeline.points.length - 1]
    expect(last.type).toBe("GameEnded")
    expect(last.standings.map((s: { score: number }) => s.score)).toEqual(detail.outcome.scores)
  })
})

describe("GET /api/games/:gameId/view?at=<version>&seat=<seat>", () => {
  it("is refused while the game is live", async () => {
    const r = await api.get("/api/games/delayed/view?at=2&seat=1")
    expect(r.status).toBe(403)
    expect(r.json.message).toMatch(/once it has ended/)
  })

  it("once ended, shows a position as that seat saw it: its own secret, nobody else's", async () => {
    const timeline = (await api.get("/api/games/watched/timeline")).json
    // A position where seat 2 had a sealed vote in: its own card shows, the others' do not.
    const full = await Promise.all(
      timeline.points.map((p: { version: number }) =>
        api.get(`/api/games/watched/view?at=${p.version}`).then((r) => r.json),
      ),
    )
    const sealed = full.find((v) => v.view.secrets?.votes?.[2] != null && v.view.secrets.votes[0] != null)
    expect(sealed, "a position with sealed votes").toBeDefined()
    const asSeat2 = (await api.get(`/api/games/watched/view?at=${sealed.version}&seat=2`)).json
    expect(asSeat2.viewer).toEqual({ kind: "seat", seat: 2 })
    expect(asSeat2.view.secrets).toBeNull()
    expect(asSeat2.view.mine.vote).toBe(sealed.view.secrets.votes[2])
    expect(asSeat2.legal, "the legal list comes with a seat's view once the game is over").toBeDefined()
    // A seat that owes a decision gets its legal commands; one that does not gets none.
    const owing = full.find((v) => v.pending.length > 0 && v.pending.length < 4)
    const waiting = [0, 1, 2, 3].find((s) => !owing.pending.includes(s))
    const asker = (await api.get(`/api/games/watched/view?at=${owing.version}&seat=${owing.pending[0]}`)).json
    expect(asker.legal.length).toBeGreaterThan(0)
    for (const c of asker.legal) expect(typeof c.type).toBe("string")
    expect((await api.get(`/api/games/watched/view?at=${owing.version}&seat=${waiting}`)).json.legal).toEqual(
      [],
    )
    // Without a seat the ended game's position is shown whole, with no legal list.
    expect(full[0].legal).toBeUndefined()
    const r = await api.get(`/api/games/watched/view?at=3&seat=9`)
    expect(r.status).toBe(403)
    expect(r.json.message).toMatch(/has seats 0–3/)
  })
})

describe("GET /api/games/:gameId clocks", () => {
  type Clock = { seat: number; deadline: string }
  const MINUTES = 10 * 60_000
  const seatsOf = (clocks: ReadonlyArray<Clock>) => clocks.map((c) => c.seat).sort()

  it("gives spectators each owing seat's deadline: when it started to owe, plus decisionMs", async () => {
    const before = Date.now()
    await create("clocked", { decisionMs: MINUTES })
    const after = Date.now()
    const detail = (await api.get("/api/games/clocked")).json
    expect(detail.viewer).toEqual({ kind: "spectator" })
    expect(detail.clocks.length).toBeGreaterThan(0)
    expect(seatsOf(detail.clocks)).toEqual([...detail.pending].sort())
    for (const clock of detail.clocks as Clock[]) {
      // The same deadline the seat's holder is given with its decision.
      const mine = (await api.get(`/api/games/clocked?seat=${clock.seat}`, ORGANISER)).json
      expect(clock.deadline).toBe(mine.decisions[0].deadline)
      const at = Date.parse(clock.deadline)
      expect(at).toBeGreaterThanOrEqual(before + MINUTES - 1_000)
      expect(at).toBeLessThanOrEqual(after + MINUTES + 1_000)
    }

    // A move restarts the clock of the seat that played (if it owes again), not the others'.
    const mover = detail.pending[0] as number
    await playAs("clocked", 1)
    const next = (await api.get("/api/games/clocked")).json
    expect(seatsOf(next.clocks)).toEqual([...next.pending].sort())
    for (const clock of next.clocks as Clock[]) {
      const earlier = (detail.clocks as Clock[]).find((c) => c.seat === clock.seat)
      if (earlier !== undefined && clock.seat !== mover) expect(clock.deadline).toBe(earlier.deadline)
    }
  })

  it("follows the clock as it plays for a seat that let its time run out", async () => {
    await create("quick", { decisionMs: 300 })
    const first = (await api.get("/api/games/quick")).json
    const soonest = Math.min(...(first.clocks as Clock[]).map((c) => Date.parse(c.deadline)))
    await clockPast(soonest)
    const later = await eventually(
      "the clock to play for a seat",
      async () => (await api.get("/api/games/quick")).json,
      (d) => d.version > first.version,
    )
    expect(later.clocks).not.toEqual(first.clocks)
    if (later.status === "live") expect(seatsOf(later.clocks)).toEqual([...later.pending].sort())
  })

  it("is empty without a clock, and for a delayed view (it would tell who owes now)", async () => {
    expect((await api.get("/api/games/delayed")).json.clocks).toEqual([])
    await create("clocked-delayed", { decisionMs: MINUTES, spectators: { mode: "delayed", events: 5 } })
    await playAs("clocked-delayed", 10)
    expect((await api.get("/api/games/clocked-delayed", ORGANISER)).json.clocks.length).toBeGreaterThan(0)
    expect((await api.get("/api/games/clocked-delayed")).json.clocks).toEqual([])
  })
})
