/**
 * Property tests over random seeded games (issue: ≥ 2,000 games over 3, 4, 5 and 6 seats): legal play never
 * throws, money is conserved (bank + players), no seat ever has more than 15 markers out, every scored
 * zone had a construction and 4 markers, and the game always ends. Plus: legalCommands is exact,
 * defaults are legal, games are deterministic and replayable, and the schemas accept what the game writes.
 * The 2,000 games run under `pnpm test:long`; CI plays the first 50 seeds of each seat count (200 games).
 */
import { Result, Schema } from "effect"
import { describe, expect, it } from "vitest"
import type { Bot } from "../../kernel/bot.js"
import { canonicalJson } from "../../kernel/canonical.js"
import type { Seat } from "../../kernel/game.js"
import { type Match, owes, play, replay, start } from "../../kernel/match.js"
import { botCommand, botRandom, simulate } from "../../kernel/simulate.js"
import { count, sized } from "../../testing/long.js"
import { SPACES_PER_ZONE } from "./board.js"
import { Command } from "./commands.js"
import { KIT } from "./data.js"
import { Event } from "./events.js"
import { downtown, heuristicBot, randomBot } from "./index.js"
import { Options } from "./options.js"
import type { State } from "./state.js"
import { View } from "./view.js"

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
  const total = KIT.money * state.seats
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
    if (!state.twoPlayer) {
      check(state.bank + state.money.reduce((a, b) => a + b, 0) === total, "money conserved", i, seed)
      check(
        state.markersOut.every((out) => out >= 0 && out <= KIT.markers),
        "0–15 markers out",
        i,
        seed,
      )
      check(
        state.money.every((m) => m >= 0),
        "no debt",
        i,
        seed,
      )
    } else
      check(
        state.framedLeft.every((k) => k >= 0) && state.unframedLeft.every((k) => k >= 0),
        "marker pools never negative",
        i,
        seed,
      )
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

/** Every command a client might send at some point: each type with in- and out-of-range values. */
const CANDIDATES: Command[] = [
  { type: "DrawZoningTile", pile: "west" },
  { type: "DrawZoningTile", pile: "east" },
  ...Array.from({ length: 26 }, (_, zone): Command => ({ type: "PlayZoningTile", zone })),
  ...(["housing", "industry", "commerce", "park"] as const).flatMap((construction): Command[] => [
    { type: "CastVote", construction } as Command,
    { type: "BreakTie", construction } as Command,
    { type: "ChooseConstruction", construction } as Command,
  ]),
  { type: "DeclareLobby", use: false },
  { type: "DeclareLobby", use: true },
  ...Array.from({ length: 26 }, (_, zone) =>
    Array.from({ length: 5 }, (_, spaces): Command => ({ type: "ChooseZone", zone, spaces })),
  ).flat(),
]

/** Plays a game and, before every command, checks legalCommands against `decide` for every seat. */
const checkExactness = (options: unknown, seats: number, seed: string, bots: ReadonlyArray<Bot>) => {
  const started = start(downtown, options, seats, seed)
  if (Result.isFailure(started)) throw new Error(started.failure.message)
  let match: Match = started.success.match
  const rand = bots.map((_, seat) => botRandom(seed, seat))
  while (!match.ended) {
    const state = match.state as State
    for (let seat: Seat = 0; seat < seats; seat++) {
      const legal = new Set(downtown.legalCommands(state, seat).map((c) => canonicalJson(c)))
      const accepted = new Set(
        CANDIDATES.filter((c) => owes(match, seat) && Result.isSuccess(downtown.decide(state, seat, c))).map(
          (c) => canonicalJson(c),
        ),
      )
      expect([...accepted].sort()).toEqual([...legal].sort())
      if (owes(match, seat)) expect(legal.has(canonicalJson(downtown.defaultCommand(state, seat)))).toBe(true)
    }
    const seat = downtown.pending(state)[0]?.seat as Seat
    const result = play(match, seat, botCommand(match, seat, bots[seat] as Bot, rand[seat] as never))
    if (Result.isFailure(result)) throw new Error(result.failure.message)
    match = result.success.match
  }
}

describe("legal commands", () => {
  it("legalCommands is exact (decide accepts it all and nothing else) and the timeout default is legal", () => {
    for (let i = 0; i < 8; i++) {
      const seats = 3 + (i % 4)
      const bots = Array.from({ length: seats }, (_, s) => (s === 0 ? heuristicBot : randomBot))
      checkExactness({ variant: "standard" }, seats, `exact-${i}`, bots)
    }
    checkExactness({ variant: "2p-official" }, 2, "exact-2p", [randomBot, heuristicBot])
  }, 60_000)
})

describe("determinism and replay", () => {
  it("same seed and bots give byte-identical events; replaying them gives the same state", () => {
    for (const [seats, seed] of [
      [4, "det-a"],
      [6, "det-b"],
      [3, "det-c"],
    ] as const) {
      const bots = Array.from({ length: seats }, (_, s) => (s % 2 ? heuristicBot : randomBot))
      const a = simulate(downtown, { variant: "standard" }, bots, seed)
      const b = simulate(downtown, { variant: "standard" }, bots, seed)
      expect(canonicalJson(a.events)).toBe(canonicalJson(b.events))
      expect(canonicalJson(replay(downtown, a.events).state)).toBe(canonicalJson(a.match.state))
      const other = simulate(downtown, { variant: "standard" }, bots, `${seed}-other`)
      expect(canonicalJson(other.events)).not.toBe(canonicalJson(a.events))
    }
  })
})

describe("schemas", () => {
  it("accept every event, command and view the game produces, and describe themselves as JSON Schema", () => {
    const decodeEvent = Schema.decodeUnknownResult(Event)
    const decodeCommand = Schema.decodeUnknownResult(Command)
    const decodeView = Schema.decodeUnknownResult(View)
    for (const [options, seats] of [
      [{ variant: "standard" }, 4],
      [{ variant: "2p-official" }, 2],
    ] as const) {
      const sim = simulate(downtown, options, randoms(seats), `schemas-${seats}`)
      for (const e of sim.events) expect(Result.isSuccess(decodeEvent(e))).toBe(true)
      for (const { command } of sim.commands) expect(Result.isSuccess(decodeCommand(command))).toBe(true)
      for (let seat = 0; seat < seats; seat++)
        expect(
          Result.isSuccess(decodeView(downtown.view(sim.match.state as State, { kind: "seat", seat }))),
        ).toBe(true)
      for (const e of sim.events) {
        const vis = downtown.visibility(e as Event)
        if (vis !== "all" && vis.redacted && vis.redacted.type !== "GameStarted")
          expect(JSON.stringify(vis.redacted)).not.toContain("salt")
      }
    }
    for (const schema of [Options, Command, Event, View])
      expect(Schema.toJsonSchemaDocument(schema)).toHaveProperty("schema")
    const catalogue = downtown.catalogue(downtown.defaultOptions) as { board: { zones: unknown[] } }
    expect(catalogue.board.zones).toHaveLength(24)
    expect(JSON.parse(JSON.stringify(catalogue))).toEqual(catalogue)
  })
})
