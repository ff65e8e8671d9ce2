/**
 * Property tests over random seeded games (issue 8: ≥ 2,000 games for 2–4 seats): legal play never throws,
 * money is conserved among the bank, the accounts and the upcoins on the decks, every card is somewhere,
 * streets obey the placement rules, and the game always ends. Plus: legalCommands is exact, defaults are
 * legal, games are deterministic and replayable, and the schemas accept what the game writes.
 * The 2,100 games run under `pnpm test:long`; CI plays the first 70 seeds of each seat count (210 games).
 */
import { Result, Schema } from "effect"
import { describe, expect, it } from "vitest"
import type { Bot } from "../../kernel/bot.js"
import { canonicalJson } from "../../kernel/canonical.js"
import type { GameStarted, Seat } from "../../kernel/game.js"
import { type Match, owes, play, replay, start } from "../../kernel/match.js"
import { botCommand, botRandom, simulate } from "../../kernel/simulate.js"
import { count, sized } from "../../testing/long.js"
import { CARDS } from "./cards.js"
import { Command } from "./commands.js"
import { BANK } from "./data.js"
import { Event } from "./events.js"
import { heuristicBot, randomBot, uptown } from "./index.js"
import { Options } from "./options.js"
import { projectAt, REQ_GROUND, REQ_ON_ROOF, REQ_UPPER } from "./projects.js"
import type { State } from "./state.js"
import { SITES } from "./street.js"
import { View } from "./view.js"

/** Random games per seat count (2, 3 and 4 seats). */
const PER_SEATS = sized(70, 700)
const GAMES = 3 * PER_SEATS

const randoms = (seats: number): Bot[] => Array.from({ length: seats }, () => randomBot)

/** A broken invariant: plain throws, because `expect` per event would dominate the run time. */
const check = (ok: boolean, what: string, at: number, seed: string): void => {
  if (!ok) throw new Error(`${seed}: ${what} (event ${at})`)
}

const sum = (xs: ReadonlyArray<number>) => {
  let s = 0
  for (const x of xs) s += x
  return s
}

/** Money and cards are all accounted for. */
const checkConservation = (state: State, at: number, seed: string) => {
  check(state.bank + sum(state.money) + sum(state.upcoins) === BANK, "money conserved", at, seed)
  check(
    state.money.every((m) => m >= 0),
    "no account below $0",
    at,
    seed,
  )
  const unseen = sum(state.unseen.map((group) => group.length))
  check(unseen === sum(state.deckSizes), "unseen cards are the decks' cards", at, seed)
  // every cost showing on a deck's top is backed by an unseen card of that cost
  state.unseen.forEach((group, cost) => {
    const showing = state.topCosts.filter((c) => c === cost).length
    check(showing <= group.length, "top costs backed by unseen cards", at, seed)
  })
  let placed = 0
  for (const street of state.streets) for (const site of street) placed += site.cards.length
  const inPile = state.publicUnseen.length + (state.publicTop === null ? 0 : 1)
  check(inPile === state.publicSize, "the public pile's size", at, seed)
  const cards = placed + state.discards.length + (state.hand ? 1 : 0) + unseen + inPile
  check(cards === CARDS.length, "every card is somewhere", at, seed)
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
    checkConservation(state, i, seed)
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

/** Every command a client might send: each type with in- and out-of-range values. */
const candidates = (seats: number): Command[] => {
  const out: Command[] = [{ type: "DiscardCard" }, { type: "TakePublicCard" }]
  for (let deck = -1; deck <= seats; deck++) out.push({ type: "BuyCard", deck })
  for (let street = -1; street <= seats; street++)
    for (let site = -1; site <= SITES; site++)
      for (const face of [0, 1] as const)
        for (const project of [0, 1] as const) out.push({ type: "PlaceCard", street, site, face, project })
  return out
}

/** Plays a game and, before every command, checks legalCommands against `decide` for every seat. */
const checkExactness = (seats: number, seed: string, bots: ReadonlyArray<Bot>) => {
  const started = start(uptown, {}, seats, seed)
  if (Result.isFailure(started)) throw new Error(started.failure.message)
  let match: Match = started.success.match
  const all = candidates(seats)
  const rand = bots.map((_, seat) => botRandom(seed, seat))
  while (!match.ended) {
    const state = match.state as State
    for (let seat: Seat = 0; seat < seats; seat++) {
      const legal = new Set(uptown.legalCommands(state, seat).map((c) => canonicalJson(c)))
      const accepted = new Set(
        all
          .filter((c) => owes(match, seat) && Result.isSuccess(uptown.decide(state, seat, c)))
          .map((c) => canonicalJson(c)),
      )
      expect([...accepted].sort()).toEqual([...legal].sort())
      if (owes(match, seat)) expect(legal.has(canonicalJson(uptown.defaultCommand(state, seat)))).toBe(true)
      else expect(legal.size).toBe(0)
    }
    const seat = uptown.pending(state)[0]?.seat as Seat
    const result = play(match, seat, botCommand(match, seat, bots[seat] as Bot, rand[seat] as never))
    if (Result.isFailure(result)) throw new Error(result.failure.message)
    match = result.success.match
  }
}

describe("legal commands", () => {
  it("legalCommands is exact (decide accepts it all and nothing else) and the timeout default is legal", () => {
    for (let i = 0; i < 6; i++) {
      const seats = 2 + (i % 3)
      const bots = Array.from({ length: seats }, (_, s) => (s === 0 ? heuristicBot : randomBot))
      checkExactness(seats, `exact-${i}`, bots)
    }
  }, 60_000)

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

describe("determinism and replay", () => {
  it("same seed and bots give byte-identical events; replaying them gives the same state", () => {
    for (const [seats, seed] of [
      [2, "det-a"],
      [3, "det-b"],
      [4, "det-c"],
    ] as const) {
      const bots = Array.from({ length: seats }, (_, s) => (s % 2 ? heuristicBot : randomBot))
      const a = simulate(uptown, {}, bots, seed)
      const b = simulate(uptown, {}, bots, seed)
      expect(canonicalJson(a.events)).toBe(canonicalJson(b.events))
      expect(canonicalJson(replay(uptown, a.events).state)).toBe(canonicalJson(a.match.state))
      const other = simulate(uptown, {}, bots, `${seed}-other`)
      expect(canonicalJson(other.events)).not.toBe(canonicalJson(a.events))
    }
  }, 60_000)
})

describe("schemas", () => {
  it("accept every event, command and view the game produces, and describe themselves as JSON Schema", () => {
    const decodeEvent = Schema.decodeUnknownResult(Event)
    const decodeCommand = Schema.decodeUnknownResult(Command)
    const decodeView = Schema.decodeUnknownResult(View)
    for (const seats of [2, 4]) {
      const sim = simulate(uptown, {}, randoms(seats), `schemas-${seats}`)
      for (const e of sim.events) expect(Result.isSuccess(decodeEvent(e)), JSON.stringify(e)).toBe(true)
      for (const { command } of sim.commands) expect(Result.isSuccess(decodeCommand(command))).toBe(true)
      let match = replay(uptown, sim.events.slice(0, 40))
      for (const viewer of [
        ...Array.from({ length: seats }, (_, seat) => ({ kind: "seat" as const, seat })),
        { kind: "spectator" as const },
        { kind: "organiser" as const },
      ]) {
        expect(Result.isSuccess(decodeView(uptown.view(match.state as State, viewer)))).toBe(true)
        match = replay(uptown, sim.events)
        expect(Result.isSuccess(decodeView(uptown.view(match.state as State, viewer)))).toBe(true)
      }
    }
    for (const schema of [Options, Command, Event, View])
      expect(Schema.toJsonSchemaDocument(schema)).toHaveProperty("schema")
  }, 60_000)
})
