/**
 * Property tests over random seeded games (issue 7: ≥ 2,000 games over 1–4 seats): legal play never throws,
 * money is conserved (every dollar moves by a recorded change with its cause), income and reputation never
 * leave −5..15, population never goes below 0, every seat has had the same number of turns, and a third
 * party recomputes every score from the events alone (audit.ts). Exact legal lists, determinism, replay and
 * the schemas are the conformance suite's (games/conformance.test.ts).
 * The 2,000 games run under `pnpm test:long`; CI plays the first 50 seeds of each seat count (200 games).
 */
import { describe, expect, it } from "vitest"
import type { Bot } from "../../kernel/bot.js"
import type { Match } from "../../kernel/match.js"
import { simulate } from "../../kernel/simulate.js"
import { count, sized } from "../../testing/long.js"
import { auditGame } from "./audit.js"
import { START, TRACK_MAX, TRACK_MIN } from "./data/rules.js"
import type { Event } from "./events.js"
import { daleBot, heuristicBot, randomBot, suburbia } from "./index.js"
import type { State } from "./state.js"

/** Random games per seat count (1, 2, 3 and 4 seats). */
const PER_SEATS = sized(50, 500)
const GAMES = 4 * PER_SEATS

const randoms = (seats: number): Bot[] => Array.from({ length: seats }, () => randomBot)

/** A broken invariant: plain throws, because `expect` per change would dominate the run time. */
const check = (ok: boolean, what: string, seed: string): void => {
  if (!ok) throw new Error(`${seed}: ${what}`)
}

/** Checks one finished game: bounds on every change, equal turns, money accounted for, the audit. */
const checkGame = (events: ReadonlyArray<unknown>, match: Match, seed: string): number => {
  const all = events as Event[]
  const state = match.state as State
  check(match.ended?.reason === "rules", "ended by the rules", seed)
  let changes = 0
  let supply = 0
  for (const e of all)
    if ("changes" in e)
      for (const c of e.changes) {
        changes++
        if (c.stat === "income" || c.stat === "reputation")
          check(c.value >= TRACK_MIN && c.value <= TRACK_MAX, `${c.stat} ${c.value} out of −5..15`, seed)
        else check(c.value >= 0, `${c.stat} ${c.value} below 0`, seed)
        if (c.stat === "money") supply -= c.delta
      }
  const held = state.players.reduce((s, p) => s + p.money, 0)
  check(held + supply === START.money * state.players.length, "money conserved (players + supply)", seed)
  check(
    new Set(state.players.map((p) => p.turns)).size === 1,
    "every player had the same number of turns",
    seed,
  )
  const audit = auditGame(all)
  check(audit.problems.length === 0, `audit: ${audit.problems.slice(0, 3).join("; ")}`, seed)
  state.players.forEach((p, i) => {
    const t = audit.tracks[i]
    check(
      t?.money === p.money &&
        t.income === p.income &&
        t.reputation === p.reputation &&
        t.population === p.population,
      `audited tracks of player ${i} match the state`,
      seed,
    )
  })
  return changes
}

describe("random play (property)", () => {
  it(`${count(GAMES)} random games over 1–4 seats: never throws, tracks in bounds, money conserved, equal turns, audited from the events`, () => {
    let games = 0
    let changes = 0
    for (const seats of [1, 2, 3, 4])
      for (let i = 0; i < PER_SEATS; i++) {
        const seed = `prop-${seats}-${i}`
        const sim = simulate(suburbia, suburbia.defaultOptions, randoms(seats), seed, { maxCommands: 2_000 })
        changes += checkGame(sim.events, sim.match, seed)
        games++
      }
    expect(games).toBe(GAMES)
    expect(changes).toBeGreaterThan(GAMES * 50)
  }, 120_000)

  it("heuristic, Dale and mixed tables, and a solo game without a private goal, keep the same invariants", () => {
    const pool = [heuristicBot, daleBot, randomBot]
    for (let i = 0; i < 24; i++) {
      const seats = 1 + (i % 4)
      const bots = Array.from({ length: seats }, (_, s) => pool[(s + i) % 3] as Bot)
      const seed = `mixed-${i}`
      const sim = simulate(suburbia, suburbia.defaultOptions, bots, seed)
      checkGame(sim.events, sim.match, seed)
    }
    const sim = simulate(suburbia, { solo: "dale", soloPrivateGoal: false }, [randomBot], "no-goal")
    checkGame(sim.events, sim.match, "no-goal")
  }, 60_000)
})
