/**
 * Property tests over random seeded games (issue 8: ≥ 2,000 games for 2–4 seats): legal play never throws,
 * money is conserved among the bank, the accounts and the upcoins on the decks, every card is somewhere,
 * streets obey the placement rules, and the game always ends; a game of timeout defaults ends too. Exact
 * legal lists, determinism, replay and the schemas are the conformance suite's (games/conformance.test.ts).
 * The 2,100 games run under `pnpm test:long`; CI plays the first 70 seeds of each seat count (210 games).
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import type { Bot } from "../../kernel/bot.js"
import type { GameStarted, Seat } from "../../kernel/game.js"
import { type Match, play, start } from "../../kernel/match.js"
import { simulate } from "../../kernel/simulate.js"
import { uptownInvariants } from "../../testing/games/uptown.js"
import { count, sized } from "../../testing/long.js"
import type { Event } from "./events.js"
import { heuristicBot, randomBot, uptown } from "./index.js"
import type { Options } from "./options.js"
import { projectAt, REQ_GROUND, REQ_ON_ROOF, REQ_UPPER } from "./projects.js"
import type { State } from "./state.js"
import { SITES } from "./street.js"

/** Random games per seat count (2, 3 and 4 seats). */
const PER_SEATS = sized(70, 700)
const GAMES = 3 * PER_SEATS

const randoms = (seats: number): Bot[] => Array.from({ length: seats }, () => randomBot)

/** A broken invariant: plain throws, because `expect` per event would dominate the run time. */
const check = (ok: boolean, what: string, at: number, seed: string): void => {
  if (!ok) throw new Error(`${seed}: ${what} (event ${at})`)
}

/** Each card on a street obeys the rules it was placed under. */
const checkStreets = (state: State, seed: string) => {
  state.streets.forEach((street, owner) => {
    for (let s = 0; s < SITES; s++) {
      const site = street[s] as State["streets"][number][number]
      let roofed = false
      let noGifts = false
      site.cards.forEach((placed, floor) => {
        const p = projectAt(placed.card, placed.face, placed.project)
        check(p.gift === (placed.by !== owner), "gifts, and only gifts, come from opponents", floor, seed)
        if (p.gift) check(!noGifts, "no gift on a no-gifts site", floor, seed)
        if (p.requirement === REQ_GROUND) check(floor === 0, "ground floor first", floor, seed)
        if (p.requirement === REQ_UPPER) check(floor > 0, "upper floor above", floor, seed)
        check(roofed === (p.requirement === REQ_ON_ROOF), "on a roof only on-roof projects", floor, seed)
        roofed ||= p.roof
        noGifts ||= p.noGifts
      })
      check(site.roofed === roofed && site.noGifts === noGifts, "site flags", s, seed)
    }
  })
}

/** Folds a game's events one by one and checks the invariants after each. */
const checkGame = (events: ReadonlyArray<unknown>, seed: string) => {
  const all = events as Event[]
  let state = uptown.initial(all[0] as GameStarted<Options>)
  for (let i = 1; i < all.length; i++) {
    const e = all[i] as Event
    if (e.type === "GameEnded") break
    state = uptown.evolve(state, e)
    try {
      uptownInvariants(state)
    } catch (error) {
      check(false, (error as Error).message, i, seed)
    }
  }
  checkStreets(state, seed)
  check(state.step.kind === "over", "the game reached its end", all.length, seed)
  return state
}

describe("random play (property)", () => {
  it(`${count(GAMES)} random games over 2–4 seats: never throws, money and cards conserved, streets legal, always ends`, () => {
    let games = 0
    let triggers = 0
    for (const seats of [2, 3, 4])
      for (let i = 0; i < PER_SEATS; i++) {
        const seed = `prop-${seats}-${i}`
        const sim = simulate(uptown, {}, randoms(seats), seed, { maxCommands: 2_000 })
        check(sim.match.ended?.reason === "rules", "ended by the rules", 0, seed)
        const state = checkGame(sim.events, seed)
        if (state.finalRound) triggers++
        games++
      }
    expect(games).toBe(GAMES)
    expect(triggers).toBe(GAMES)
  }, 120_000)

  it("heuristic and mixed tables keep the same invariants", () => {
    for (let i = 0; i < 60; i++) {
      const seats = 2 + (i % 3)
      const bots = Array.from({ length: seats }, (_, s) => ((s + i) % 2 === 0 ? heuristicBot : randomBot))
      checkGame(simulate(uptown, {}, bots, `mixed-${i}`).events, `mixed-${i}`)
    }
  }, 60_000)
})

describe("timeout defaults", () => {
  it("a game of timeout defaults ends too", () => {
    for (const seats of [2, 3, 4]) {
      const started = start(uptown, {}, seats, `defaults-${seats}`)
      if (Result.isFailure(started)) throw new Error(started.failure.message)
      let match: Match = started.success.match
      for (let n = 0; !match.ended; n++) {
        expect(n).toBeLessThan(2_000)
        const seat = uptown.pending(match.state as State)[0]?.seat as Seat
        const result = play(match, seat, uptown.defaultCommand(match.state as State, seat))
        if (Result.isFailure(result)) throw new Error(result.failure.message)
        match = result.success.match
      }
    }
  }, 60_000)
})
