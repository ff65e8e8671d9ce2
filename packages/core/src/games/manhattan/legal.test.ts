import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { canonicalJson } from "../../kernel/canonical.js"
import { play, start } from "../../kernel/match.js"
import { simulate } from "../../kernel/simulate.js"
import { CORNERS } from "./board.js"
import type { Command, PawnMove } from "./commands.js"
import type { Event } from "./events.js"
import { manhattan, randomBot } from "./index.js"
import type { Options } from "./options.js"
import type { State } from "./state.js"

/** A wide net of commands, legal or not, for one position: every cell, corner, pip count and direction. */
const candidates = (state: State, seat: number): Command[] => {
  const out: Command[] = [{ type: "Skip" }, { type: "DemandBankruptcy" }]
  for (const corner of [...CORNERS, 1, 31]) out.push({ type: "ChooseCorner", corner } as Command)
  for (let x = 0; x <= 8; x++)
    for (let y = 0; y <= 8; y++)
      for (const type of ["BuildStory", "PlaceRoof", "RemoveRoof"] as const) out.push({ type, x, y })
  if (state.step.kind !== "move") return out
  const entries: Array<PawnMove["entry"] | undefined> =
    state.options.entry === "off-board" ? [undefined, ...CORNERS] : [undefined, 0]
  const parts: PawnMove[] = []
  const dice = state.dice ?? [1, 2]
  for (const pawn of [0, 1] as const)
    for (const pips of new Set([dice[0], dice[1], dice[0] + dice[1], 1, 12]))
      for (const direction of ["cw", "ccw"] as const)
        for (const entry of entries)
          parts.push(entry === undefined ? { pawn, pips, direction } : { pawn, pips, direction, entry })
  for (const a of parts) {
    out.push({ type: "MovePawns", moves: [a] })
    // pairs: every legal-looking order (pawn 0 then 1), plus a few same-pawn and reversed ones
    for (const b of parts)
      if (
        (a.pawn === 0 && b.pawn === 1) ||
        (a.pips === b.pips && a.direction === b.direction && a.entry === b.entry)
      )
        out.push({ type: "MovePawns", moves: [a, b] })
  }
  void seat
  return out
}

/** A canonical key for a command (every key name a command uses, in one fixed order). */
const KEYS = ["corner", "direction", "entry", "moves", "pawn", "pips", "type", "x", "y"]
const keyOf = (command: unknown): string => JSON.stringify(command, KEYS)

const table = (i: number): { seats: number; options: Options } => ({
  seats: 2 + (i % 5),
  options: {
    startingRoofs: 2,
    entry: i % 3 === 1 ? "off-board" : "corners",
    bankruptcyDemand: i % 4 === 2 ? "manual" : "automatic",
  },
})

describe("Manhattan legalCommands is complete and exact", () => {
  it("on sampled positions of 15 random games, decide accepts exactly the listed commands, for every seat", () => {
    let positions = 0
    for (let i = 0; i < 15; i++) {
      const { seats, options } = table(i)
      const sim = simulate(
        manhattan,
        options,
        Array.from({ length: seats }, () => randomBot),
        `legal-${i}`,
      )
      let state = manhattan.initial(sim.events[0] as never) as State
      for (let e = 1; e < sim.events.length; e++) {
        state = manhattan.evolve(state, sim.events[e] as Event)
        if (e % 11 !== 0 || state.step.kind === "over") continue
        positions++
        for (let seat = 0; seat < seats; seat++) {
          const listed = new Set(manhattan.legalCommands(state, seat).map(keyOf))
          const owes = manhattan.pending(state).some((d) => d.seat === seat)
          expect(listed.size > 0).toBe(owes)
          for (const command of candidates(state, seat)) {
            const accepted = Result.isSuccess(manhattan.decide(state, seat, command))
            if (!owes && !accepted) continue
            if (accepted !== listed.has(keyOf(command)))
              throw new Error(
                `game ${i} event ${e} step ${state.step.kind} seat ${seat}: ${canonicalJson(command)} accepted=${accepted}`,
              )
          }
          for (const command of manhattan.legalCommands(state, seat))
            expect(Result.isSuccess(manhattan.decide(state, seat, command))).toBe(true)
        }
      }
    }
    expect(positions).toBeGreaterThan(600)
  }, 60_000)

  it("ruling M-default: defaultCommand is legal, builds an offered story on its own building and skips every other optional step", () => {
    for (let i = 0; i < 10; i++) {
      const { seats, options } = table(i)
      const sim = simulate(
        manhattan,
        options,
        Array.from({ length: seats }, () => randomBot),
        `default-${i}`,
      )
      let state = manhattan.initial(sim.events[0] as never) as State
      for (let e = 1; e < sim.events.length; e++) {
        state = manhattan.evolve(state, sim.events[e] as Event)
        for (const { seat } of manhattan.pending(state)) {
          const legal = manhattan.legalCommands(state, seat).map(canonicalJson)
          const chosen = canonicalJson(manhattan.defaultCommand(state, seat))
          expect(legal).toContain(chosen)
          const kind = state.step.kind
          if (kind === "crossing-story" || kind === "six-story") expect(chosen).toMatch(/"BuildStory"/)
          else if (legal.includes(canonicalJson({ type: "Skip" })))
            expect(chosen).toBe(canonicalJson({ type: "Skip" }))
        }
      }
    }
  }, 60_000)

  it("ruling M-default: a game in which every seat always times out still ends (the default move crosses on empty ground)", () => {
    for (const seats of [2, 3, 4, 6]) {
      const started = start(manhattan, manhattan.defaultOptions, seats, `all-time-out-${seats}`)
      if (Result.isFailure(started)) throw new Error(started.failure.message)
      let match = started.success.match
      let commands = 0
      while (!match.ended && commands < 5_000) {
        const { seat } = manhattan.pending(match.state as State)[0] as { seat: number }
        const played = play(match, seat, manhattan.defaultCommand(match.state as State, seat))
        if (Result.isFailure(played)) throw new Error(played.failure.message)
        match = played.success.match
        commands++
      }
      expect(match.ended).not.toBeNull()
    }
  }, 120_000)
})
