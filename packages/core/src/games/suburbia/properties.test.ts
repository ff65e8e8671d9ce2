/**
 * Property tests over random seeded games (issue 7: ≥ 2,000 games over 1–4 seats): legal play never throws,
 * money is conserved (every dollar moves by a recorded change with its cause), income and reputation never
 * leave −5..15, population never goes below 0, every seat has had the same number of turns, and a third
 * party recomputes every score from the events alone (audit.ts). Plus: legalCommands is exact, defaults are
 * legal, games are deterministic and replayable, and the schemas accept what the game writes and shows.
 * The 2,000 games run under `pnpm test:long`; CI plays the first 50 seeds of each seat count (200 games).
 */
import { Result, Schema } from "effect"
import { describe, expect, it } from "vitest"
import type { Bot } from "../../kernel/bot.js"
import { canonicalJson } from "../../kernel/canonical.js"
import type { Viewer } from "../../kernel/game.js"
import { type Match, play, replay, start } from "../../kernel/match.js"
import { botCommand, botRandom, simulate } from "../../kernel/simulate.js"
import { count, sized } from "../../testing/long.js"
import { auditGame } from "./audit.js"
import { Command } from "./commands.js"
import { GOALS } from "./data/goals.js"
import { START, TRACK_MAX, TRACK_MIN } from "./data/rules.js"
import { Event } from "./events.js"
import { daleBot, heuristicBot, randomBot, suburbia } from "./index.js"
import { Options } from "./options.js"
import type { State } from "./state.js"
import { View } from "./view.js"

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

/** Every command a client might send now: each type over every slot, nearby hexes (open or not), goals. */
const candidates = (state: State, seat: number): Command[] => {
  const hexes = new Map<string, { q: number; r: number }>()
  for (const t of state.players[seat]?.tiles ?? [])
    for (let dq = -1; dq <= 1; dq++)
      for (let dr = -1; dr <= 1; dr++) hexes.set(`${t.q + dq},${t.r + dr}`, { q: t.q + dq, r: t.r + dr })
  const out: Command[] = [{ type: "Pass" }]
  for (const g of GOALS) out.push({ type: "KeepGoal", goal: g.id })
  for (let slot = -1; slot <= state.market.length; slot++) out.push({ type: "DiscardTile", slot })
  for (const { q, r } of hexes.values()) {
    out.push({ type: "PlaceInvestment", q, r })
    for (const tile of ["suburbs", "community-park", "heavy-factory"] as const)
      out.push({ type: "BuyBasicTile", tile, q, r })
    for (let slot = -1; slot <= state.market.length; slot++) {
      out.push({ type: "BuyTile", slot, q, r })
      out.push({ type: "BuildLake", slot, q, r })
    }
  }
  return out
}

/** Plays a game and, before every command, checks legalCommands against `decide` and the default. */
const checkExactness = (seats: number, seed: string, bots: ReadonlyArray<Bot>) => {
  const started = start(suburbia, suburbia.defaultOptions, seats, seed)
  if (Result.isFailure(started)) throw new Error(started.failure.message)
  let match = started.success.match
  const randomsOf = bots.map((_, s) => botRandom(seed, s))
  let decisions = 0
  while (!match.ended) {
    const state = match.state as State
    const owing = suburbia.pending(state)
    for (let seat = 0; seat < seats; seat++) {
      const legal = suburbia.legalCommands(state, seat)
      const legalJson = new Set(legal.map((c) => canonicalJson(c)))
      expect(legalJson.size).toBe(legal.length)
      if (!owing.some((d) => d.seat === seat)) {
        expect(legal).toEqual([])
        continue
      }
      for (const c of candidates(state, seat))
        check(
          Result.isSuccess(suburbia.decide(state, seat, c)) === legalJson.has(canonicalJson(c)),
          `decide and legalCommands disagree on ${canonicalJson(c)} at step ${state.step}`,
          seed,
        )
      for (const c of legal)
        check(Result.isSuccess(suburbia.decide(state, seat, c)), "legal is decidable", seed)
      check(legalJson.has(canonicalJson(suburbia.defaultCommand(state, seat))), "default is legal", seed)
      decisions++
    }
    const seat = owing[0]?.seat as number
    const r = play(match, seat, botCommand(match, seat, bots[seat] as Bot, randomsOf[seat] as never))
    if (Result.isFailure(r)) throw new Error(r.failure.message)
    match = r.success.match
  }
  return decisions
}

describe("legal commands", () => {
  it("legalCommands is exact (decide accepts exactly them) and the default command is always legal", () => {
    let decisions = 0
    decisions += checkExactness(1, "exact-1", [randomBot])
    decisions += checkExactness(2, "exact-2", [heuristicBot, randomBot])
    decisions += checkExactness(3, "exact-3", randoms(3))
    decisions += checkExactness(4, "exact-4", [randomBot, daleBot, randomBot, heuristicBot])
    expect(decisions).toBeGreaterThan(150)
  }, 60_000)
})

describe("determinism, replay and schemas", () => {
  it("same seed, same bots → the same events; replaying them rebuilds the same state", () => {
    for (const seats of [1, 2, 4]) {
      const a = simulate(suburbia, suburbia.defaultOptions, randoms(seats), `det-${seats}`)
      const b = simulate(suburbia, suburbia.defaultOptions, randoms(seats), `det-${seats}`)
      expect(canonicalJson(a.events)).toBe(canonicalJson(b.events))
      const replayed = replay(suburbia, a.events)
      expect(canonicalJson(suburbia.view(replayed.state as State, { kind: "organiser" }))).toBe(
        canonicalJson(suburbia.view(a.match.state as State, { kind: "organiser" })),
      )
    }
  })

  it("the schemas accept every event, command and view the game produces, and the options", () => {
    const decodes = (schema: Schema.Codec<unknown, unknown>, value: unknown, what: string) => {
      const r = Schema.decodeUnknownResult(schema)(value)
      if (Result.isFailure(r)) throw new Error(`${what}: ${r.failure.message}`)
    }
    decodes(Options as never, suburbia.defaultOptions, "options")
    for (const seats of [1, 3]) {
      const sim = simulate(suburbia, suburbia.defaultOptions, randoms(seats), `schema-${seats}`)
      for (const e of sim.events) decodes(Event as never, e, e.type)
      for (const { command } of sim.commands) decodes(Command as never, command, command.type)
      const viewers: Viewer[] = [{ kind: "spectator" }, { kind: "organiser" }, { kind: "seat", seat: 0 }]
      const replayedHalf = replay(suburbia, sim.events.slice(0, Math.floor(sim.events.length / 2)))
      for (const m of [replayedHalf, sim.match])
        for (const v of viewers)
          decodes(View as never, JSON.parse(JSON.stringify(suburbia.view(m.state as State, v))), "view")
    }
  })
})
