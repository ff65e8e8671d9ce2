import {
  type AnyGame,
  canonicalJson,
  type Match,
  play,
  Random,
  type Seat,
  start,
  type Typed,
} from "@boroughs/core"
import { type DowntownState, downtown } from "@boroughs/core/games/downtown"
import { manhattan } from "@boroughs/core/games/manhattan"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { playLocal } from "../local.js"
import { isMctsBot, isMctsSearch } from "./ismcts.js"
import { heuristicBot } from "./reference.js"

const mustStart = (game: AnyGame, seats: number, seed: string): Match => {
  const started = start(game, undefined, seats, seed)
  if (Result.isFailure(started)) throw new Error(started.failure.message)
  return started.success.match
}

/**
 * Plays random commands until seat 0 alone owes its secret dial while every other seat's dial is in: the
 * position where hidden information matters most (what did the others ask for?).
 */
const lastDialOfSeat0 = (seed: string): Match => {
  let match = mustStart(downtown, 4, seed)
  const random = Random.fromKey(seed)
  for (let i = 0; i < 5_000 && match.ended === null; i++) {
    const state = match.state as DowntownState
    const owing = downtown.pending(state).map((d) => d.seat)
    if (state.step.kind === "dials" && state.round >= 2 && owing.length === 1 && owing[0] === 0) return match
    const seat = (state.step.kind === "dials" ? owing.find((s) => s !== 0) : undefined) ?? (owing[0] as Seat)
    const played = play(match, seat, random.pick(downtown.legalCommands(state, seat)))
    if (Result.isFailure(played)) throw new Error(played.failure.message)
    match = played.success.match
  }
  throw new Error("no such position")
}

/** The same game with other hidden parts: the others' dials changed (each to another legal one) and another seed. */
const withOtherSecrets = (match: Match): Match => {
  const state = match.state as DowntownState
  const choices = state.choices.map((c, seat) => {
    if (seat === 0 || c === null) return c
    const legal = downtown
      .legalCommands({ ...state, choices: state.choices.map((x, s) => (s === seat ? null : x)) }, seat)
      .filter((x) => x.type === "ChooseZone")
    const other = legal.find((x) => x.zone !== c.value.zone) ?? legal[0]
    return other ? { ...c, value: { zone: other.zone, spaces: other.spaces } } : c
  })
  const seed = "a completely different seed"
  return { ...match, seed, state: { ...state, choices, seed, rng: { base: "f".repeat(64), draws: 7 } } }
}

describe("IS-MCTS searches from the bot's own view only", () => {
  it("two states that look the same to the seat give the same search, move for move", () => {
    const real = lastDialOfSeat0("hidden-1")
    const other = withOtherSecrets(real)
    // The states differ in what seat 0 cannot see...
    expect(canonicalJson((other.state as DowntownState).choices)).not.toBe(
      canonicalJson((real.state as DowntownState).choices),
    )
    // ...and not in what it can.
    const viewer = { kind: "seat", seat: 0 } as const
    const view = downtown.view(real.state as DowntownState, viewer)
    expect(canonicalJson(downtown.view(other.state as DowntownState, viewer))).toBe(canonicalJson(view))
    const search = (match: Match) =>
      isMctsSearch(
        downtown,
        downtown.view(match.state as DowntownState, viewer),
        0,
        downtown.legalCommands(match.state as DowntownState, 0),
        Random.fromKey("searcher"),
        { iterations: 150 },
      )
    const a = search(real)
    const b = search(other)
    expect(a.iterations).toBe(150)
    expect(canonicalJson(b)).toBe(canonicalJson(a))
  })

  it("every sample it plays through is made from the view it was given, never from anything else", () => {
    const real = lastDialOfSeat0("hidden-2")
    const view = downtown.view(real.state as DowntownState, { kind: "seat", seat: 0 })
    const given: unknown[] = []
    const determinise = downtown.determinise
    if (determinise === undefined) throw new Error("downtown has no determinise hook")
    const spied: AnyGame = {
      ...downtown,
      determinise: (v: unknown, random: Random) => {
        given.push(v)
        return determinise(v as typeof view, random)
      },
    }
    const legal = downtown.legalCommands(real.state as DowntownState, 0)
    const result = isMctsSearch(spied, view, 0, legal, Random.fromKey("spy"), { iterations: 60 })
    expect(given).toHaveLength(60)
    expect(given.every((v) => v === view)).toBe(true)
    // The view holds no secret to read: no seed, no PRNG, no other seat's dial.
    const json = canonicalJson(view)
    expect(json).not.toContain((real.state as DowntownState).seed)
    expect(json).not.toContain((real.state as DowntownState).rng.base)
    expect(legal.map((c) => canonicalJson(c))).toContain(canonicalJson(result.command))
  })

  it("refuses a game that offers no determinise hook rather than search the real state", () => {
    const { determinise: _, ...blind } = manhattan
    const match = mustStart(blind as AnyGame, 2, "blind")
    const view = blind.view(match.state as never, { kind: "seat", seat: 0 })
    const legal = blind.legalCommands(match.state as never, 0) as ReadonlyArray<Typed>
    expect(() =>
      isMctsSearch(blind as AnyGame, view, 0, [...legal, ...legal], Random.fromKey("x"), {}),
    ).toThrow(/no determinise hook/)
  })

  it("plays whole games of every game with the hook against the heuristic bots", async () => {
    const searches: number[] = []
    const bot = isMctsBot({ iterations: 12, onSearch: (r) => searches.push(r.iterations) })
    for (const game of ["downtown", "manhattan", "suburbia", "uptown"]) {
      const result = await playLocal({ game, bots: [bot, heuristicBot, heuristicBot], seed: `full-${game}` })
      expect(result.outcome.ranks).toHaveLength(3)
      expect(result.commands.filter((c) => c.seat === 0).every((c) => c.defaulted === null)).toBe(true)
    }
    expect(searches.length).toBeGreaterThan(10)
  })
})
