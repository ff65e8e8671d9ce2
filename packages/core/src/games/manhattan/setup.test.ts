import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { type Match, start } from "../../kernel/match.js"
import { manhattan } from "./index.js"
import type { State } from "./state.js"
import { cmd, Given, playAll } from "./testing.js"

const opened = (seats: number, options = manhattan.defaultOptions) => {
  const r = start(manhattan, options, seats, "setup")
  if (Result.isFailure(r)) throw new Error(r.failure.message)
  return r.success as { match: Match<State>; events: ReadonlyArray<{ type: string }> }
}

describe("Manhattan setup", () => {
  it("Components: '45 cubes (stories) · 20 wedges (roofs) · 30 flats (roads)' form the supply; 'Each player takes … 2 pawns and two towers' and 2 roofs (design decision)", () => {
    const { match } = opened(4)
    const s = match.state as State
    expect(s.supply).toEqual({ stories: 45, roofs: 20 - 4 * 2, streets: 30 })
    expect(s.roofsHeld).toEqual([2, 2, 2, 2])
    expect(s.towers).toEqual([
      [null, null],
      [null, null],
      [null, null],
      [null, null],
    ])
    expect(s.pawns.every((p) => p.length === 2)).toBe(true)
  })

  it("option startingRoofs (default 2) takes that many roofs per player out of the 20", () => {
    const { match } = opened(3, { ...manhattan.defaultOptions, startingRoofs: 0 })
    expect((match.state as State).supply.roofs).toBe(20)
    expect((match.state as State).roofsHeld).toEqual([0, 0, 0])
  })

  it("2–6 players (published fact); starting roofs must fit in the 20-roof supply", () => {
    expect(manhattan.seats).toEqual({ min: 2, max: 6 })
    expect(Result.isFailure(start(manhattan, manhattan.defaultOptions, 7, "x"))).toBe(true)
    expect(Result.isFailure(start(manhattan, manhattan.defaultOptions, 1, "x"))).toBe(true)
    const tooMany = start(manhattan, { ...manhattan.defaultOptions, startingRoofs: 4 }, 6, "x")
    expect(Result.isFailure(tooMany) && tooMany.failure.rule).toBe("manhattan.setup.starting-roofs")
    const bad = start(manhattan, { ...manhattan.defaultOptions, entry: "air" }, 2, "x")
    expect(Result.isFailure(bad) && bad.failure.rule).toBe("kernel.setup.options")
  })

  it("'Whoever has most recently constructed something starts the game' (ruling: seat 0) and 'Players take turns deciding which corner to set their pawns upon' in seat order", () => {
    const { match } = opened(3)
    expect(manhattan.pending(match.state)).toEqual([{ seat: 0, kind: "corner" }])
    const wrong = playAll(match, [1, cmd.corner(8)])
    expect(wrong.violation?.rule).toBe("kernel.not-your-decision")
    const r = playAll(match, [0, cmd.corner(8)], [1, cmd.corner(8)], [2, cmd.corner(24)])
    expect(r.violation).toBeNull()
    expect(r.events.slice(0, 3)).toEqual([
      { type: "CornerChosen", seat: 0, corner: 8 },
      { type: "CornerChosen", seat: 1, corner: 8 },
      { type: "CornerChosen", seat: 2, corner: 24 },
    ])
    expect(r.match.state.pawns).toEqual([
      [8, 8],
      [8, 8],
      [24, 24],
    ])
  })

  it("a corner is ring square 0, 8, 16 or 24 (ruling 'Coordinates'); both pawns go there", () => {
    const { match } = opened(2)
    expect(manhattan.legalCommands(match.state, 0)).toEqual(
      [0, 8, 16, 24].map((corner) => cmd.corner(corner as 0)),
    )
    const r = playAll(match, [0, { type: "ChooseCorner", corner: 5 } as never])
    expect(r.violation?.rule).toBe("manhattan.setup.corner")
  })

  it("'Always throw both dice': after the last corner the first player's dice are rolled automatically", () => {
    const { match } = opened(2)
    const r = playAll(match, [0, cmd.corner(0)], [1, cmd.corner(16)])
    const rolled = r.events.at(-1) as { type: string; seat: number; dice: number[] }
    expect(rolled.type).toBe("DiceRolled")
    expect(rolled.seat).toBe(0)
    expect(rolled.dice.every((d) => Number.isInteger(d) && d >= 1 && d <= 6)).toBe(true)
    expect(manhattan.pending(r.match.state)).toEqual([{ seat: 0, kind: "move" }])
  })

  it("entry variant 'off-board': no corner choice; pawns start off the board and the game opens on a roll", () => {
    const { match, events } = opened(2, { ...manhattan.defaultOptions, entry: "off-board" })
    expect(events.map((e) => e.type)).toEqual(["GameStarted", "DiceRolled"])
    expect((match.state as State).pawns).toEqual([
      [null, null],
      [null, null],
    ])
  })

  it("the Given helper reproduces the corner phase", () => {
    const g = Given.game(2, {}, 8)
    expect(g.state.pawns).toEqual([
      [8, 8],
      [8, 8],
    ])
    expect(g.state.step).toEqual({ kind: "roll" })
  })
})
