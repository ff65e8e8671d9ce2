import { describe, expect, it } from "vitest"
import { tournamentCreated } from "./spec.js"

const spec = {
  tournamentId: "t1",
  name: "Cup",
  game: "uptown",
  format: "swiss" as const,
  rounds: 2,
  tableSize: 3,
  entrants: ["a", "b", "c"].map((id) => ({ id, plays: "builtin:random" })),
  pairingSeed: "seed",
}
const game = { seats: { min: 2, max: 5 }, bots: ["random"] }
const stamp = { actor: "organiser:admin", at: "2026-12-05T00:00:00.000Z" }

describe("a tournament's pace and spectator policy", () => {
  it("records them only when asked for, so older tournaments fold to the same events", () => {
    const plain = tournamentCreated(spec, game, stamp)
    expect(plain).not.toHaveProperty("paceMs")
    expect(plain).not.toHaveProperty("spectators")
    expect(tournamentCreated({ ...spec, paceMs: 0, spectators: { mode: "live" } }, game, stamp)).toEqual(
      plain,
    )
    expect(
      tournamentCreated({ ...spec, paceMs: 700, spectators: { mode: "delayed", events: 5 } }, game, stamp),
    ).toMatchObject({ paceMs: 700, spectators: { mode: "delayed", events: 5 } })
  })

  it("refuses a pace the clock would overtake, or out of range, and a delay of no events", () => {
    expect(tournamentCreated({ ...spec, paceMs: 1_500, decisionMs: 2_000 }, game, stamp)).toMatchObject({
      rule: "tournament.pace",
    })
    expect(tournamentCreated({ ...spec, paceMs: 1_000, decisionMs: 2_000 }, game, stamp)).toMatchObject({
      paceMs: 1_000,
    })
    expect(tournamentCreated({ ...spec, paceMs: -1 }, game, stamp)).toMatchObject({ rule: "tournament.pace" })
    expect(tournamentCreated({ ...spec, paceMs: 2.5 }, game, stamp)).toMatchObject({
      rule: "tournament.pace",
    })
    expect(
      tournamentCreated({ ...spec, spectators: { mode: "delayed", events: 0 } }, game, stamp),
    ).toMatchObject({ rule: "tournament.spectators" })
  })
})
