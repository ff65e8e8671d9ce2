import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RunningServer } from "./Server.js"
import { http, ORGANISER, testServer } from "./testing.js"

// A game keeps going whatever one client does: a house bot (`builtin:*`) plays as soon as it owes a
// decision, also right after the clock played for a seat whose holder never answered.

let server: RunningServer
let api: ReturnType<typeof http>

// Room for the organiser's ReplaceSeat and the house bot's first move on a loaded CI machine: at 600 ms the
// clock once played the house seat's first decision before its bot had been handed the seat.
const DECISION_MS = 1_500

interface Envelope {
  readonly version: number
  readonly metadata: { readonly seat?: number; readonly actor?: string; readonly time?: string }
}

beforeAll(async () => {
  server = await testServer()
  api = http(server.url)
})
afterAll(() => server?.close())

describe("a house bot", () => {
  it("moves right after the clock's default move for a silent seat, not when its own clock runs out", async () => {
    const created = await api.post(
      "/api/games",
      {
        game: "bluff-dice",
        seats: 2,
        gameId: "silent",
        seed: "seed-silent",
        options: { rounds: 2, sides: 6 },
        players: ["bot:silent", null],
        decisionMs: DECISION_MS,
      },
      ORGANISER,
    )
    expect(created.status, JSON.stringify(created.json)).toBe(201)
    const replaced = await api.post(
      "/api/games/silent/actions",
      { action: { type: "ReplaceSeat", seat: 1, holder: "builtin:middle" }, reason: "a house bot" },
      ORGANISER,
    )
    expect(replaced.status, JSON.stringify(replaced.json)).toBe(200)

    // bot:silent never answers: the clock plays each of its decisions.
    let ended = false
    for (let wait = 0; wait < 300 && !ended; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      ended = (await api.get("/api/games/silent", ORGANISER)).json.status === "ended"
    }
    expect(ended).toBe(true)

    const events: Envelope[] = (await api.get("/api/games/silent/events", ORGANISER)).json.events
    const moves = events.filter((e) => typeof e.metadata.seat === "number")
    const silent = moves.filter((e) => e.metadata.seat === 0)
    const house = moves.filter((e) => e.metadata.seat === 1)
    expect(silent.length).toBeGreaterThan(1)
    expect(silent.every((e) => e.metadata.actor === "clock")).toBe(true)
    // Every decision of the house seat was its bot's, none its clock's...
    expect(house.map((e) => e.metadata.actor)).toEqual(house.map(() => "builtin:middle"))
    // ...and those that followed a clock's move came at once, before a decision's time had run.
    const afterClock = house.flatMap((move) => {
      const previous = moves.filter((e) => e.version < move.version).pop()
      return previous?.metadata.actor === "clock" ? [[previous, move] as const] : []
    })
    expect(afterClock.length).toBeGreaterThan(0)
    for (const [clock, move] of afterClock)
      expect(Date.parse(move.metadata.time ?? "") - Date.parse(clock.metadata.time ?? "")).toBeLessThan(
        DECISION_MS,
      )
  })
})
