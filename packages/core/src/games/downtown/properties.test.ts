/**
 * Property tests over random seeded games (issue: ≥ 2,000 games over 3, 4, 5 and 6 seats): legal play never
 * throws, money is conserved (bank + players), no seat ever has more than 15 markers out, every scored
 * zone had a construction and 4 markers, and the game always ends. Exact legal lists, determinism, replay
 * and the schemas are the conformance suite's (games/conformance.test.ts).
 * The 2,000 games run under `pnpm test:long`; CI plays the first 50 seeds of each seat count (200 games).
 */
import { describe, expect, it } from "vitest"
import type { Bot } from "../../kernel/bot.js"
import { simulate } from "../../kernel/simulate.js"
import { downtownInvariants } from "../../testing/games/downtown.js"
import { count, sized } from "../../testing/long.js"
import { SPACES_PER_ZONE } from "./board.js"
import type { Event } from "./events.js"
import { downtown, heuristicBot, randomBot } from "./index.js"

/** Random games per seat count (3, 4, 5 and 6 seats). */
const PER_SEATS = sized(50, 500)
const GAMES = 4 * PER_SEATS

const randoms = (seats: number): Bot[] => Array.from({ length: seats }, () => randomBot)

/** A broken invariant: plain throws, because `expect` per event would dominate the run time. */
const check = (ok: boolean, what: string, at: number, seed: string): void => {
  if (!ok) throw new Error(`${seed}: ${what} (event ${at})`)
}

/** Folds a game's events one by one and checks the invariants after each; returns the zones scored. */
const checkInvariants = (events: ReadonlyArray<unknown>, seed: string): number => {
  const all = events as Event[]
  let state = downtown.initial(all[0] as never)
  let scored = 0
  for (let i = 1; i < all.length; i++) {
    const e = all[i] as Event
    if (e.type === "ZoneScored") {
      const z = state.zones[e.zone - 1]
      check(z?.construction != null && z.construction !== "park", "scored zone has a construction", i, seed)
      check(z?.markers.length === SPACES_PER_ZONE, "scored zone has 4 markers", i, seed)
      check(z?.closed === false, "scored zone was open", i, seed)
      check(e.owners.reduce((k, o) => k + o.spaces, 0) === SPACES_PER_ZONE, "owners hold 4 spaces", i, seed)
      scored++
    }
    if (e.type === "GameEnded") break
    state = downtown.evolve(state, e)
    try {
      downtownInvariants(state)
    } catch (error) {
      check(false, (error as Error).message, i, seed)
    }
  }
  check(state.step.kind === "over", "the game reached its end", all.length, seed)
  return scored
}

describe("random play (property)", () => {
  it(`${count(GAMES)} random games over 3–6 seats: never throws, money conserved, ≤ 15 markers out, scored zones built and full, always ends`, () => {
    let scored = 0
    let games = 0
    for (const seats of [3, 4, 5, 6])
      for (let i = 0; i < PER_SEATS; i++) {
        const seed = `prop-${seats}-${i}`
        const sim = simulate(downtown, { variant: "standard" }, randoms(seats), seed, { maxCommands: 2_000 })
        check(sim.match.ended?.reason === "rules", "ended by the rules", 0, seed)
        scored += checkInvariants(sim.events, seed)
        games++
      }
    expect(games).toBe(GAMES)
    expect(scored).toBeGreaterThan(GAMES)
  }, 120_000)

  it("heuristic and mixed tables, and the two-player variant, keep the same invariants", () => {
    for (let i = 0; i < 60; i++) {
      const seats = 3 + (i % 4)
      const bots = Array.from({ length: seats }, (_, s) => ((s + i) % 2 === 0 ? heuristicBot : randomBot))
      checkInvariants(simulate(downtown, { variant: "standard" }, bots, `mixed-${i}`).events, `mixed-${i}`)
    }
    for (let i = 0; i < 200; i++) {
      const bots = i % 2 === 0 ? randoms(2) : [heuristicBot, randomBot]
      const sim = simulate(downtown, { variant: "2p-official" }, bots, `prop-2p-${i}`)
      checkInvariants(sim.events, `prop-2p-${i}`)
    }
  }, 60_000)
})

describe("redaction and catalogue", () => {
  it("no redacted event carries a salt, and the catalogue is plain JSON with the 24 zones", () => {
    for (const [options, seats] of [
      [{ variant: "standard" }, 4],
      [{ variant: "2p-official" }, 2],
    ] as const) {
      const sim = simulate(downtown, options, randoms(seats), `schemas-${seats}`)
      for (const e of sim.events) {
        const vis = downtown.visibility(e as Event)
        if (vis !== "all" && vis.redacted && vis.redacted.type !== "GameStarted")
          expect(JSON.stringify(vis.redacted)).not.toContain("salt")
      }
    }
    const catalogue = downtown.catalogue(downtown.defaultOptions) as { board: { zones: unknown[] } }
    expect(catalogue.board.zones).toHaveLength(24)
    expect(JSON.parse(JSON.stringify(catalogue))).toEqual(catalogue)
  })
})
