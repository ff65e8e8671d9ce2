import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { canonicalJson } from "../kernel/canonical.js"
import type { AnyGame } from "../kernel/game.js"
import { type Match, owes, play, start } from "../kernel/match.js"
import { Random } from "../kernel/random.js"
import { type State as DowntownState, downtown } from "./downtown/index.js"
import { manhattan } from "./manhattan/index.js"
import { type State as SuburbiaState, suburbia } from "./suburbia/index.js"
import { type State as UptownState, uptown } from "./uptown/index.js"

/**
 * The determinisation contract (GameDefinition.determinise): at every decision of random games, a sample
 * made from a seat's view shows that seat exactly that view and offers it exactly the same legal commands;
 * and the sample's secrets are the searcher's guesses, never the game's.
 */
const checkGame = (
  game: AnyGame,
  options: unknown,
  seats: number,
  seed: string,
  also?: (sample: never, real: never) => void,
) => {
  const determinise = game.determinise
  if (determinise === undefined) throw new Error(`${game.id} has no determinise hook`)
  const started = start(game, options, seats, seed)
  if (Result.isFailure(started)) throw new Error(started.failure.message)
  let match: Match = started.success.match
  const random = Random.fromKey(`test/${seed}`)
  const sampler = Random.fromKey(`sampler/${seed}`)
  let checked = 0
  for (let moves = 0; !match.ended && moves < 5_000; moves++) {
    const pending = game.pending(match.state)
    for (const { seat } of pending) {
      const viewer = { kind: "seat", seat } as const
      const view = game.view(match.state, viewer)
      const sample = determinise(view, sampler)
      expect(canonicalJson(game.view(sample, viewer))).toBe(canonicalJson(view))
      expect(canonicalJson(game.legalCommands(sample, seat))).toBe(
        canonicalJson(game.legalCommands(match.state, seat)),
      )
      expect((sample as { seed: string }).seed).not.toBe(seed)
      also?.(sample as never, match.state as never)
      // Now and then, the sample is played out to its end: it is a state the rules can carry on from.
      if (checked % 25 === 0) expect(playOut({ ...match, state: sample }, random).ended).not.toBeNull()
      checked++
    }
    const seat = pending.find((d) => owes(match, d.seat))?.seat
    if (seat === undefined) break
    const played = play(match, seat, random.pick(game.legalCommands(match.state, seat)))
    if (Result.isFailure(played)) throw new Error(played.failure.message)
    match = played.success.match
  }
  expect(match.ended).not.toBeNull()
  return checked
}

/** Random legal play from a match to the end of its game. */
const playOut = (from: Match, random: Random): Match => {
  let match = from
  for (let moves = 0; !match.ended && moves < 5_000; moves++) {
    const seat = match.game.pending(match.state)[0]?.seat
    if (seat === undefined) break
    const played = play(match, seat, random.pick(match.game.legalCommands(match.state, seat)))
    if (Result.isFailure(played)) throw new Error(played.failure.message)
    match = played.success.match
  }
  return match
}

describe("determinise: a sample consistent with one seat's view", () => {
  it("Downtown, 3 to 6 seats: the same view and legal commands at every decision", () => {
    for (const seats of [3, 4, 5, 6])
      expect(checkGame(downtown, undefined, seats, `d${seats}`)).toBeGreaterThan(50)
  })

  it("Downtown, the two-player variant", () => {
    expect(checkGame(downtown, { variant: "2p-official" }, 2, "d2")).toBeGreaterThan(20)
  })

  it("Downtown: hidden cards and dials of other seats are sampled, the viewer's own are kept", () => {
    const started = start(downtown, undefined, 4, "hidden")
    if (Result.isFailure(started)) throw new Error(started.failure.message)
    let match = started.success.match
    const random = Random.fromKey("hidden")
    // Play until seat 0 alone still owes its dial: the others' dials are in and secret.
    for (let i = 0; i < 2_000 && !match.ended; i++) {
      const state = match.state as DowntownState
      const owing = downtown.pending(state).map((d) => d.seat)
      if (state.step.kind === "dials" && owing.length === 1 && owing[0] === 0) break
      const seat = state.step.kind === "dials" ? (owing.find((s) => s !== 0) ?? owing[0]) : owing[0]
      if (seat === undefined) break
      const played = play(match, seat, random.pick(downtown.legalCommands(state, seat)))
      if (Result.isFailure(played)) throw new Error(played.failure.message)
      match = played.success.match
    }
    const view = downtown.view(match.state as DowntownState, { kind: "seat", seat: 1 })
    expect(view.mine?.choice).not.toBeNull()
    const seen = new Set<string>()
    for (let i = 0; i < 40; i++) {
      const sample = downtown.determinise?.(view, Random.fromKey(`s${i}`))
      expect(sample?.choices[1]?.value).toEqual(view.mine?.choice)
      expect(sample?.choices[0]).toBeNull()
      seen.add(canonicalJson(sample?.choices[2]?.value))
    }
    // Seat 2's dial is a guess: the samples do not all agree on it.
    expect(seen.size).toBeGreaterThan(1)
  })

  it("Manhattan, 2 to 4 seats", () => {
    for (const seats of [2, 3, 4])
      expect(checkGame(manhattan, undefined, seats, `m${seats}`)).toBeGreaterThan(20)
  })

  it("Suburbia, solo against Dale and 2 to 4 seats: the unseen tiles are exactly those out of sight, the hidden goals as many as there are", () => {
    const exact = (sample: SuburbiaState, real: SuburbiaState) => {
      expect(sample.unseen).toEqual(real.unseen)
      expect(sample.goalPool.length).toBe(real.goalPool.length)
      expect(sample.dealt.map((d) => d?.length ?? 0)).toEqual(real.dealt.map((d) => d?.length ?? 0))
    }
    for (const seats of [2, 3, 4])
      expect(checkGame(suburbia, undefined, seats, `s${seats}`, exact)).toBeGreaterThan(20)
  })

  it("Uptown, 2 to 4 seats: the public pile exactly, as many unseen blue cards as there are, every deck's top cost among them", () => {
    const count = (unseen: ReadonlyArray<ReadonlyArray<number>>) => unseen.reduce((n, g) => n + g.length, 0)
    const exact = (sample: UptownState, real: UptownState) => {
      expect(sample.publicUnseen).toEqual(real.publicUnseen)
      expect(count(sample.unseen)).toBe(count(real.unseen))
      expect(sample.discards.length).toBe(real.discards.length)
      for (const cost of real.topCosts)
        if (cost !== null) expect(sample.unseen[cost]?.length).toBeGreaterThan(0)
    }
    for (const seats of [2, 3, 4])
      expect(checkGame(uptown, undefined, seats, `u${seats}`, exact)).toBeGreaterThan(20)
  })
})
