/**
 * Property tests over random seeded games (issue 9: ≥ 500 random games over 2–4 seats): legal play never
 * throws and the game ends; wealth and prestige never go below 0 and transfers (tribute, the Treasurer's fee)
 * conserve them; every card is in exactly one place; buildings, lots and cubes agree; vocation tiles are
 * conserved; every seat has had the same number of turns. Exact legal lists, determinism, replay and the
 * schemas are the conformance suite's (games/conformance.test.ts).
 * The 500 games run under `pnpm test:long`; CI plays the first 105 seeds, one whole cycle of the seat counts
 * and options below (3 × 5 × 7).
 */
import { describe, expect, it } from "vitest"
import type { Bot } from "../../kernel/bot.js"
import { canonicalJson } from "../../kernel/canonical.js"
import type { Match } from "../../kernel/match.js"
import { simulate } from "../../kernel/simulate.js"
import { urbanSprawlInvariants } from "../../testing/games/urban-sprawl.js"
import { count, sized } from "../../testing/long.js"
import type { Event } from "./events.js"
import { evolve } from "./evolve.js"
import { heuristicBot, randomBot, urbanSprawl } from "./index.js"
import { initialState, type State } from "./state.js"

const check = (ok: boolean, what: string, seed: string): void => {
  if (!ok) throw new Error(`${seed}: ${what}`)
}

/** Folds the events again, checking each step: no negative purse, transfers conserve, and the end state. */
const checkGame = (events: ReadonlyArray<Event>, match: Match, seed: string): void => {
  check(match.ended?.reason === "rules", "ended by the rules", seed)
  let s = initialState(events[0] as never)
  const total = (st: State, k: "wealth" | "prestige") => st.players.reduce((t, p) => t + p[k], 0)
  for (const e of events.slice(1)) {
    if (e.type === "GameStarted") continue
    const before = s
    s = evolve(s, e)
    for (const p of s.players)
      check(p.wealth >= 0 && p.prestige >= 0, `no purse below 0 after ${e.type}`, seed)
    if (e.type === "TributePaid" || e.type === "TreasurerPaid")
      check(
        total(before, "wealth") === total(s, "wealth") && total(before, "prestige") === total(s, "prestige"),
        `${e.type} conserves wealth and prestige`,
        seed,
      )
  }
  try {
    urbanSprawlInvariants(s)
  } catch (error) {
    check(false, (error as Error).message, seed)
  }
  check(canonicalJson(s) === canonicalJson(match.state), "the folded events rebuild the state", seed)
  const turns = Array.from({ length: s.seats }, () => 0)
  for (const e of events) if (e.type === "TurnStarted") turns[e.seat] = (turns[e.seat] ?? 0) + 1
  check(new Set(turns).size === 1, `every seat had the same number of turns (${turns})`, seed)
}

const table = (seats: number, pool: ReadonlyArray<Bot>, i: number): Bot[] =>
  Array.from({ length: seats }, (_, s) => pool[(s + i) % pool.length] as Bot)

/** Random games: seats cycle by 3, the options by 5 and 7, so 105 games play every combination once. */
const GAMES = sized(105, 500)

describe("random games", () => {
  it(`${count(GAMES)} random games over 2–4 seats and every option: never throw, end, and keep every invariant`, () => {
    let games = 0
    for (let i = 0; i < GAMES; i++) {
      const seats = 2 + (i % 3)
      const seed = `prop-${i}`
      const length = (["standard", "long", "short"] as const)[i % 7 === 0 ? 1 : i % 7 === 1 ? 2 : 0]
      const metroHighImpact = (["full", "full", "full", "halved", "removed"] as const)[i % 5]
      // Every fifth game under the written rules (the defaults, ruling 55), the rest under the tuned preset;
      // every seventh with the plain turn order (no compensation), every seventh with compensated, the rest
      // with tapered.
      const turnOrder = i % 7 === 3 ? "plain" : i % 7 === 5 ? "compensated" : "tapered"
      const sourced = i % 5 === 2
      const options = {
        ...urbanSprawl.defaultOptions,
        length,
        metroHighImpact,
        turnOrder,
        ...(sourced ? {} : { variant: "tuned" }),
      } as const
      const sim = simulate(urbanSprawl, options, table(seats, [randomBot], i), seed, { maxCommands: 5_000 })
      checkGame(sim.events as Event[], sim.match, seed)
      games++
    }
    expect(games).toBe(GAMES)
  }, 600_000)

  it("heuristic and mixed tables keep the same invariants", () => {
    for (let i = 0; i < 24; i++) {
      const seats = 2 + (i % 3)
      const seed = `mixed-${i}`
      const sim = simulate(
        urbanSprawl,
        urbanSprawl.defaultOptions,
        table(seats, [heuristicBot, randomBot], i),
        seed,
      )
      checkGame(sim.events as Event[], sim.match, seed)
    }
  }, 120_000)
})
